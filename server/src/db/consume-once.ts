import { and, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/**
 * Uses up the row `match` finds (a mailed code, a recovery code, a sign-in challenge) in one
 * statement that changes it only while its `used` column is empty: of two requests with the same
 * secret at once, exactly one gets true, with no lock and no read before the write.
 */
export async function consumeOnce<T extends PgTable & { id: PgColumn }>(
  db: Executor,
  table: T,
  used: keyof T['$inferInsert'] & keyof T & string,
  match: SQL[],
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(table)
    .set({ [used]: now } as PgUpdateSetSource<T>)
    .where(and(...match, isNull(table[used] as PgColumn)))
    .returning({ id: table.id });
  return rows.length === 1;
}
