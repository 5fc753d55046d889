import type { SessionContext } from '../session-context.ts';

/** A session as the lookup found it, with when it was last marked seen. */
export type FoundSession = SessionContext & { lastSeenAt: Date };

/**
 * How long a session read from the database answers this process's later requests: a session
 * ended, or a member disabled, by another process is refused from at most this long after.
 */
const KEPT_MS = 1_000;
/** Sessions kept at once; past it the cache starts over rather than choosing what to drop. */
const MOST_KEPT = 10_000;

/**
 * The sessions this process looked up in the last second, by the hash of their cookie (decision
 * 0044). Any write this process commits (`committedWrites`, db/client.ts) drops them all, so a
 * sign-out, a revocation, a disable or a change of permissions made here applies to the very next
 * request, as without the cache; a lookup a write committed across is not kept. Only sessions
 * found are kept: an unknown or ended cookie is looked up every time.
 */
export class SessionCache {
  readonly #entries = new Map<string, { found: FoundSession; until: number }>();
  readonly #writes: () => number;
  #writesSeen: number;

  constructor(writes: () => number) {
    this.#writes = writes;
    this.#writesSeen = writes();
  }

  /** The session kept for `hash`, if one is and it has not expired by `now`. */
  get(hash: string, now: Date): FoundSession | undefined {
    this.#forgetIfWritten();
    const kept = this.#entries.get(hash);
    if (!kept) return undefined;
    if (kept.until <= now.getTime() || kept.found.expiresAt <= now) {
      this.#entries.delete(hash);
      return undefined;
    }
    return kept.found;
  }

  /** The count of committed writes to give `keep` with what a lookup starting now finds. */
  before(): number {
    return this.#writes();
  }

  /** Keeps what a lookup at `now` found, unless a write was committed while it ran (`writesBefore`). */
  keep(hash: string, found: FoundSession, writesBefore: number, now: Date): void {
    this.#forgetIfWritten();
    if (this.#writesSeen !== writesBefore) return;
    if (this.#entries.size >= MOST_KEPT) this.#entries.clear();
    this.#entries.set(hash, { found, until: now.getTime() + KEPT_MS });
  }

  #forgetIfWritten() {
    const writes = this.#writes();
    if (writes === this.#writesSeen) return;
    this.#entries.clear();
    this.#writesSeen = writes;
  }
}
