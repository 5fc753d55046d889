/** History state of a page a guard redirected to: where the visitor was going. */
export interface OriginState {
  from: { pathname: string; search: string; hash: string };
}

/**
 * The remembered origin in a location's state as one path, if it holds a well-formed in-app one
 * (never `//host`, which the browser would read as another site).
 */
export function rememberedOrigin(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  const from = (state as { from: unknown }).from;
  if (typeof from !== 'object' || from === null) return undefined;
  const { pathname, search, hash } = from as Partial<OriginState['from']>;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) {
    return undefined;
  }
  return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
}

/** A notice left in a location's state by the app itself (a sign-out after erasure), if any. */
export function noticeOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return undefined;
  const notice = (state as { notice: unknown }).notice;
  return typeof notice === 'string' ? notice : undefined;
}
