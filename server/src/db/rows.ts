/**
 * Shapes of the small rows many raw reads answer (queryRows, decision 0049): a count, an id, a
 * storage key, a member's name. A count is cast to `int` in the statement: a bare `count(*)` is a bigint, which
 * node-postgres answers as a string and PGlite as a number.
 */
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, queryRows } from './client.ts';

const countRow = z.strictObject({ n: z.number() });
export const idRow = z.strictObject({ id: z.number() });
export const keyRow = z.strictObject({ key: z.string() });
/** A member's id and the name lists show, `first_name || ' ' || last_name as name`. */
export const memberNameRow = z.strictObject({ id: z.number(), name: z.string() });

/** The `n` of a statement that selects one `count(*)::int as n`; 0 when it answers no row. */
export async function queryCount(db: Executor, query: SQL): Promise<number> {
  const [row] = await queryRows(db, query, countRow);
  return row?.n ?? 0;
}
