import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase, testDatabaseKind } from '../../test/databases.ts';
import { makeSchool, makeTenant } from '../../test/factories.ts';
import { type Database, queryRows } from './client.ts';
import { users } from './schema-people.ts';
import { schools } from './schema-reference.ts';
import { tenants } from './schema-tenants.ts';
import { inTenant } from './tenant-scope.ts';

describe(`tenant isolation on ${testDatabaseKind}`, () => {
  let database: Database;
  let a: Awaited<ReturnType<typeof makeTenant>>;
  let b: Awaited<ReturnType<typeof makeTenant>>;

  beforeAll(async () => {
    database = await openTestDatabase();
    a = await makeTenant(database.db, 'Alpha University');
    b = await makeTenant(database.db, 'Beta University');
    await makeSchool(database.db, a.tenantId, 'Alpha School of Engineering');
    await makeSchool(database.db, b.tenantId, 'Beta School of Medicine');
  });
  afterAll(() => database.close());

  it('a query without a tenant filter, run as tenant A, sees only tenant A rows', async () => {
    const seen = await inTenant(database.db, a.tenantId, async (tx) => ({
      schools: await tx.select().from(schools),
      users: await tx.select().from(users),
      tenants: await tx.select().from(tenants),
    }));
    expect(seen.schools.map((s) => s.name)).toEqual(['Alpha School of Engineering']);
    expect(seen.users.map((u) => u.tenantId)).toEqual([a.tenantId]);
    expect(seen.tenants.map((t) => t.id)).toEqual([a.tenantId]);
  });

  /** One text for every read below, with no tenant filter: only row-level security tells them apart. */
  const schoolNames = sql`select name from schools where id >= ${0} order by name`;
  const nameRow = z.strictObject({ name: z.string() });

  it.each(['custom', 'generic'] as const)(
    "one prepared statement, run as each tenant under %s plans, sees only that tenant's rows",
    async (plans) => {
      const read = (tenantId: number) =>
        inTenant(database.db, tenantId, (tx) => queryRows(tx, schoolNames, nameRow), plans);
      const asA = await read(a.tenantId);
      const asB = await read(b.tenantId);
      // The database's own user, who is exempt from row-level security.
      const unbound = await queryRows(database.db, schoolNames, nameRow);
      expect(asA).toEqual([{ name: 'Alpha School of Engineering' }]);
      expect(asB).toEqual([{ name: 'Beta School of Medicine' }]);
      expect(unbound.map((row) => row.name)).toEqual([
        'Alpha School of Engineering',
        'Beta School of Medicine',
      ]);
      expect(await read(a.tenantId)).toEqual(asA);
    },
  );

  it('tenant A cannot write a row into tenant B', async () => {
    await expect(
      inTenant(database.db, a.tenantId, (tx) =>
        tx.insert(schools).values({ tenantId: b.tenantId, name: 'Smuggled' }),
      ),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/row-level security/) } });
  });

  it('tenant A cannot update or delete tenant B rows, even unfiltered', async () => {
    const changed = await inTenant(database.db, a.tenantId, async (tx) => {
      const updated = await tx.update(schools).set({ name: 'Renamed' }).returning();
      return updated.map((s) => s.tenantId);
    });
    expect(changed).toEqual([a.tenantId]);
    const bSchools = await inTenant(database.db, b.tenantId, (tx) => tx.select().from(schools));
    expect(bSchools.map((s) => s.name)).toEqual(['Beta School of Medicine']);
  });

  it('after the transaction the role and tenant setting are gone', async () => {
    await inTenant(database.db, a.tenantId, async () => {});
    const [row] = await queryRows(
      database.db,
      sql`select current_user as role, current_setting('app.tenant_id', true) as tenant`,
      z.strictObject({ role: z.string(), tenant: z.string().nullable() }),
    );
    expect(row?.role).not.toBe('kindling_app');
    expect(row?.tenant ?? '').toBe('');
  });

  it('the application role sees nothing when no tenant is bound', async () => {
    const rows = await database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'kindling_app', true)`);
      return tx.select().from(schools);
    });
    expect(rows).toEqual([]);
  });

  it('every table with a tenant_id has forced row-level security and the isolation policy', async () => {
    const tables = await queryRows(
      database.db,
      sql`
      select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
        exists (select 1 from pg_policies p where p.tablename = c.relname and p.policyname = 'tenant_isolation') as policy
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id')`,
      z.strictObject({
        name: z.string(),
        enabled: z.boolean(),
        forced: z.boolean(),
        policy: z.boolean(),
      }),
    );
    expect(tables.length).toBeGreaterThanOrEqual(15);
    for (const table of tables) {
      expect(table, table.name).toMatchObject({ enabled: true, forced: true, policy: true });
    }
  });
});
