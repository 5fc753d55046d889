import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { openTestDatabase, testDatabaseKind } from '../../test/databases.ts';
import { makeTenant } from '../../test/factories.ts';
import { type Database, queryRows } from './client.ts';
import { idRow, queryCount } from './rows.ts';
import { schools } from './schema-reference.ts';
import { inTenant } from './tenant-scope.ts';

const one = z.strictObject({ one: z.number() });

/** The texts sent to PostgreSQL while `work` runs, in order. */
async function sentDuring(work: () => Promise<unknown>): Promise<string[]> {
  return (await roundTripsDuring(work)).flat();
}

/**
 * The texts sent while `work` runs, grouped by round trip: texts sent one after another with no
 * answer between them travel together.
 */
async function roundTripsDuring(work: () => Promise<unknown>): Promise<string[][]> {
  const trips: string[][] = [];
  let answered = true;
  const client = pg.Client.prototype;
  const { query } = client;
  const send = vi.spyOn(client, 'query').mockImplementation(function (
    this: pg.Client,
    ...args: unknown[]
  ) {
    const [config] = args;
    if (answered) trips.push([]);
    trips.at(-1)?.push(typeof config === 'string' ? config : (config as { text: string }).text);
    answered = false;
    // biome-ignore lint/suspicious/noExplicitAny: passed through unchanged.
    return (query as any).apply(this, args);
  });
  // Each statement's answer ends with ReadyForQuery, handed to the statement's own Query.
  type Answering = { handleReadyForQuery(connection: unknown): void };
  const statement = pg.Query.prototype as unknown as Answering;
  const { handleReadyForQuery } = statement;
  const answer = vi.spyOn(statement, 'handleReadyForQuery').mockImplementation(function (
    this: Answering,
    connection: unknown,
  ) {
    answered = true;
    handleReadyForQuery.call(this, connection);
  });
  try {
    await work();
    return trips;
  } finally {
    send.mockRestore();
    answer.mockRestore();
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

  /** Lets any held `commit` go out (db/client.ts), so a test sees only its own statements. */
  const settled = () => new Promise((resolve) => setTimeout(resolve, 20));
  beforeEach(settled);

  it("sends a read-only tenant transaction's begin, binding and first statement together, and its commit with the next", async () => {
    let seen: { tenant: string; role: string; first: string; second: string } | undefined;
    const trips = await roundTripsDuring(async () => {
      seen = await inTenant(database.db, tenantId, async (tx) => {
        const read = () =>
          queryRows(
            tx,
            sql`select current_setting('app.tenant_id') as tenant, current_user as role, now()::text as at, pg_sleep(0.01)`,
            z.strictObject({
              tenant: z.string(),
              role: z.string(),
              at: z.string(),
              pg_sleep: z.string(),
            }),
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
      // The pool hands out the connection released last, with its commit still held.
      await queryRows(database.db, sql`select ${1}::int as one`, one);
    });
    expect(trips).toHaveLength(3);
    expect(trips[0]).toHaveLength(2);
    expect(trips[0]?.[0]).toMatch(/^begin; select set_config\('app\.tenant_id', '\d+', true\)/);
    expect(trips[0]?.[1]).toMatch(/^select current_setting/);
    expect(trips[2]).toEqual(['commit', 'select $1::int as one']);
    // Bound, switched to the application role, and one transaction: now() is its start.
    expect(seen).toMatchObject({ tenant: String(tenantId), role: 'kindling_app' });
    expect(seen?.second).toBe(seen?.first);
  });

  it('sends a held commit alone at the next turn of the event loop when nothing follows', async () => {
    const trips = await roundTripsDuring(async () => {
      await inTenant(database.db, tenantId, (tx) => tx.select().from(schools));
      await settled();
    });
    expect(trips.map((trip) => trip.length)).toEqual([2, 1]);
    expect(trips[1]).toEqual(['commit']);
    const open = await queryCount(
      database.db,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state like 'idle in transaction%'`,
    );
    expect(open).toBe(0);
  });

  it('sends the commit of a transaction that writes or locks at once', async () => {
    const [school] = await inTenant(database.db, tenantId, (tx) =>
      tx.insert(schools).values({ tenantId, name: 'Locked' }).returning({ id: schools.id }),
    );
    const trips = await roundTripsDuring(async () => {
      await inTenant(database.db, tenantId, (tx) =>
        queryRows(tx, sql`select id from schools where id = ${school?.id ?? 0} for update`, idRow),
      );
      await inTenant(database.db, tenantId, (tx) =>
        tx
          .update(schools)
          .set({ name: 'Renamed' })
          .where(eq(schools.id, school?.id ?? 0)),
      );
    });
    expect(trips.map((trip) => trip.at(-1))).toEqual([
      expect.stringMatching(/for update$/),
      'commit',
      expect.stringMatching(/^update/),
      'commit',
    ]);
  });

  it('sends a held begin on its own before any other first statement', async () => {
    const sent = await sentDuring(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select ${1}::int as one`);
      }),
    );
    // A read-only transaction: its commit waits for the connection's next statement.
    expect(sent).toEqual(['begin', 'select $1::int as one']);
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

  it('sends nothing for a tenant transaction that only binds', async () => {
    expect(await sentDuring(() => inTenant(database.db, tenantId, async () => 'done'))).toEqual([]);
  });

  it('answers the error of the statement sent with the binding, and rolls back', async () => {
    const trips = await roundTripsDuring(() =>
      inTenant(database.db, tenantId, (tx) =>
        queryRows(tx, sql`select 1 / ${0}::int as never`, z.strictObject({ never: z.number() })),
      ).catch((error: Error) => error.message),
    );
    expect(trips.map((trip) => trip.length)).toEqual([2, 1]);
    expect(trips[1]).toEqual(['rollback']);
    const [row] = await queryRows(database.db, sql`select ${1}::int as one`, one);
    expect(row?.one).toBe(1);
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
      Array.from({ length: 5 }, () => queryRows(database.db, sql`select 1 as one`, one)),
    );
    expect(answers.flat()).toHaveLength(5);
  });
});
