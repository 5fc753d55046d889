import { KeptReads } from '../db/kept-reads.ts';
import type { SessionContext } from '../session-context.ts';

/** A session as the lookup found it, with when it was last marked seen. */
export type FoundSession = SessionContext & { lastSeenAt: Date };

/**
 * The sessions this process looked up in the last second, by the hash of their cookie (decision
 * 0044): a session ended, or a member disabled, by another process is refused from at most a
 * second after; one ended here (a sign-out, a revocation, a disable or a change of permissions)
 * on the very next request. A session past its expiry is never answered.
 */
export class SessionCache extends KeptReads<FoundSession> {
  constructor(writes: () => number) {
    super(writes, {
      keptMs: 1_000,
      mostKept: 10_000,
      holds: (found, now) => found.expiresAt > now,
    });
  }
}
