/**
 * Values computed from a tenant's data, each kept with the version of the data it was computed
 * from and answered only while the caller still sees that version: the recommended feed's rankings
 * (ranking-cache.ts, versioned in the process) and the filtered feed's counts (feed-counts.ts,
 * versioned in the database). A bounded number of entries, each for at most `ttlMs`.
 */
export type Version = number | string;

interface Entry<V> {
  value: V;
  version: Version;
  expiresAt: number;
}

export class VersionedCache<V> {
  readonly #entries = new Map<string, Entry<V>>();

  constructor(
    private readonly ttlMs = Number.POSITIVE_INFINITY,
    private readonly maxEntries = 10_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The value kept for `key` if it was computed from `version` and has not expired. */
  get(key: string, version: Version): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.clock() || entry.version !== version) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, version: Version): void {
    this.#entries.delete(key);
    // Maps iterate in insertion order: the first key is the oldest entry.
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { value, version, expiresAt: this.clock() + this.ttlMs });
  }
}
