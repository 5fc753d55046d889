/** How a kept read is held: for how long, how many at once, and what else may end it. */
interface Keeping<T> {
  /** How long a read answers this process's later requests: a change another process makes shows from at most this long after. */
  keptMs: number;
  /** Reads kept at once; past it the cache starts over rather than choosing what to drop. */
  mostKept: number;
  /** Whether a kept value still holds at `now` beside its age (a session's own expiry). */
  holds?: (value: T, now: Date) => boolean;
}

/**
 * Rows this process read from PostgreSQL a moment ago, by key (decision 0044). Any write this
 * process commits (`committedWrites`, db/client.ts) drops them all, so a change made here applies
 * to the very next request, as without the cache; a read a write committed across is not kept.
 * Only rows found are kept: an unknown key is looked up every time.
 */
export class KeptReads<T> {
  readonly #entries = new Map<string, { value: T; until: number }>();
  readonly #writes: () => number;
  readonly #keeping: Keeping<T>;
  #writesSeen: number;

  constructor(writes: () => number, keeping: Keeping<T>) {
    this.#writes = writes;
    this.#keeping = keeping;
    this.#writesSeen = writes();
  }

  /** The value kept for `key`, if one is and it has not expired by `now`. */
  get(key: string, now: Date): T | undefined {
    this.#forgetIfWritten();
    const kept = this.#entries.get(key);
    if (!kept) return undefined;
    if (kept.until <= now.getTime() || !(this.#keeping.holds?.(kept.value, now) ?? true)) {
      this.#entries.delete(key);
      return undefined;
    }
    return kept.value;
  }

  /** The count of committed writes to give `keep` with what a read starting now finds. */
  before(): number {
    return this.#writes();
  }

  /** Keeps what a read at `now` found, unless a write was committed while it ran (`writesBefore`). */
  keep(key: string, value: T, writesBefore: number, now: Date): void {
    this.#forgetIfWritten();
    if (this.#writesSeen !== writesBefore) return;
    if (this.#entries.size >= this.#keeping.mostKept) this.#entries.clear();
    this.#entries.set(key, { value, until: now.getTime() + this.#keeping.keptMs });
  }

  #forgetIfWritten() {
    const writes = this.#writes();
    if (writes === this.#writesSeen) return;
    this.#entries.clear();
    this.#writesSeen = writes;
  }
}
