import { limits } from '@kindling/contract';
import { type SQL, sql } from 'drizzle-orm';

/**
 * A page's row count written into the statement as a constant. Every statement is prepared and
 * the hot reads use one generic plan (db/client.ts, tenant-scope.ts); with the count a parameter,
 * that plan assumes a page is a tenth of the table and, at 200,000 ideas, sorts and hash-joins the
 * whole table for a page of ten (docs/decisions/0026). The text then varies with the page size
 * alone, which the contract bounds.
 */
export function pageLimit(rows: number): SQL {
  if (!Number.isInteger(rows) || rows < 0 || rows > limits.maxPageSize) {
    throw new RangeError(`a page has 0 to ${limits.maxPageSize} rows, not ${rows}`);
  }
  return sql.raw(String(rows));
}

/** pageLimit for a query builder's `.limit()`: drizzle writes an SQL chunk given there as it is. */
export const builderPageLimit = (rows: number) => pageLimit(rows) as unknown as number;
