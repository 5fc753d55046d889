/**
 * Two reads of one transaction sent together (pipeline mode, db/client.ts), answered when both
 * have settled: a rejection ends the transaction, and it must not do so while the other statement
 * is still running.
 */
export async function bothSettled<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [first, second] = await Promise.allSettled([a, b]);
  if (first.status === 'rejected') throw first.reason;
  if (second.status === 'rejected') throw second.reason;
  return [first.value, second.value];
}
