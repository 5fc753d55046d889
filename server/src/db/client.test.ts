import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, testDatabaseKind } from '../../test/databases.ts';
import { makeTenant } from '../../test/factories.ts';
import { type Database, queryRows } from './client.ts';
import { schools } from './schema.ts';
import { inTenant } from './tenant-scope.ts';

/** The texts sent to PostgreSQL while `work` runs, one per round trip. */
async function sentDuring(work: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await work();
    return spy.mock.calls.map(([config]) =>
      typeof config === 'string' ? config : (config as { text: string }).text,
    );
  } finally {
    spy.mockRestore();
  }
}

describe.skipIf(testDatabaseKind !== 'postgres')('the PostgreSQL connection', () => {
  let database: Database;
  let tenantId: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    ({ tenantId } = await makeTenant(database.db, 'Alpha University'));
  });
  afterAll(() => database.close());

  it("sends a tenant transaction's begin with its binding: one round trip fewer", async () => {
    let seen: { tenant: string; role: string; first: string; second: string } | undefined;
    const sent = await sentDuring(async () => {
      seen = await inTenant(database.db, tenantId, async (tx) => {
        const read = () =>
          queryRows<{ tenant: string; role: string; at: string }>(
            tx,
            sql`select current_setting('app.tenant_id') as tenant, current_user as role, now()::text as at, pg_sleep(0.01)`,
          );
        const [first] = await read();
        const [second] = await read();
        return {
          tenant: first?.tenant ?? '',
          role: first?.role ?? '',
          first: first?.at ?? '',
          second: second?.at ?? '',
        };
      });
    });
    expect(sent).toHaveLength(4);
    expect(sent[0]).toMatch(/^begin; select set_config\('app\.tenant_id', '\d+', true\)/);
    expect(sent[3]).toBe('commit');
    // Bound, switched to the application role, and one transaction: now() is its start.
    expect(seen).toMatchObject({ tenant: String(tenantId), role: 'kindling_app' });
    expect(seen?.second).toBe(seen?.first);
  });

  it('sends a held begin on its own before any other first statement', async () => {
    const sent = await sentDuring(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select ${1}::int as one`);
      }),
    );
    expect(sent).toEqual(['begin', 'select $1::int as one', 'commit']);
  });

  it('sends nothing for a transaction that runs nothing', async () => {
    expect(await sentDuring(() => database.db.transaction(async () => 'done'))).toEqual([]);
    const refused = sentDuring(() =>
      database.db.transaction(async () => {
        throw new Error('refused before any statement');
      }),
    );
    await expect(refused).rejects.toThrow('refused before any statement');
  });

  it('rolls back a failed tenant transaction and keeps the connection usable', async () => {
    await expect(
      inTenant(database.db, tenantId, async (tx) => {
        await tx.insert(schools).values({ tenantId, name: 'Never kept' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const kept = await inTenant(database.db, tenantId, (tx) =>
      tx.select({ name: schools.name }).from(schools),
    );
    expect(kept.map((s) => s.name)).not.toContain('Never kept');
    // Every pooled connection still answers outside a transaction.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        queryRows<{ one: number }>(database.db, sql`select 1 as one`),
      ),
    );
    expect(answers.flat()).toHaveLength(5);
  });
});
