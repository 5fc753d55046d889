/**
 * The rows of a secret that is tried and then used up (a mailed code, a sign-in challenge): keyed
 * `(tenant_id, id)`, with the attempts counted and `consumed_at` set once.
 */
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';
import { consumeOnce } from './consume-once.ts';

type SecretTable = PgTable & {
  tenantId: PgColumn;
  id: PgColumn;
  attempts: PgColumn;
  consumedAt: PgColumn;
};

/**
 * Counts one attempt at a secret (a mailed code, a sign-in challenge) in one statement that changes
 * its row only while it is not used up and `conditions` hold, so attempts arriving together are
 * each counted. The count after this one; undefined when the row was used up, or a condition fails.
 */
export async function countAttempt<
  T extends PgTable & {
    tenantId: PgColumn;
    id: PgColumn;
    attempts: PgColumn;
    consumedAt: PgColumn;
  },
>(
  db: Executor,
  table: T,
  tenantId: number,
  id: number,
  ...conditions: SQL[]
): Promise<number | undefined> {
  const [row] = await db
    .update(table)
    .set({ attempts: sql`${table.attempts} + 1` } as PgUpdateSetSource<T>)
    .where(
      and(eq(table.tenantId, tenantId), eq(table.id, id), isNull(table.consumedAt), ...conditions),
    )
    .returning({ attempts: table.attempts });
  return row?.attempts as number | undefined;
}

/** Uses the secret up; false if it was already used up (by a concurrent request). */
export function consumeSecret<T extends SecretTable>(
  db: Executor,
  table: T,
  tenantId: number,
  id: number,
  now: Date,
) {
  return consumeOnce(
    db,
    table,
    'consumedAt' as keyof T['$inferInsert'] & keyof T & string,
    [eq(table.tenantId, tenantId), eq(table.id, id)],
    now,
  );
}
