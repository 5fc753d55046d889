/**
 * Whether a statement failed on a unique constraint (PostgreSQL's 23505), as node-postgres or
 * PGlite throws it or as drizzle wraps it in `cause`: the database deciding a race between two
 * writers, which the caller turns into the answer the loser should get.
 */
export function isUniqueViolation(error: unknown): boolean {
  const failure = error as { code?: string; cause?: { code?: string } } | null;
  return failure?.code === '23505' || failure?.cause?.code === '23505';
}
