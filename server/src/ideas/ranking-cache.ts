/**
 * The recommended feed's ranked pools, kept per member for a short while (decision 0018). Ranking
 * costs about twenty times a page of GET /ideas, and a member reads several pages of one ranking;
 * the cards themselves are always read fresh, so follows and edits show at once.
 *
 * A write in this process that changes what a ranking depends on (ideas, follows, the member's
 * profile) forgets the tenant's rankings; a write in another process shows here within
 * `ttlMs` at most.
 */
export interface RankedIdea {
  id: number;
  own: boolean;
}

/** A word of the member's profile or ideas that the ranking looked for, as they wrote it. */
export interface InterestWord {
  lexeme: string;
  word: string;
}

/** A member's ranked pool and the words it was ranked by, which the cards then name. */
export interface Ranking {
  ideas: RankedIdea[];
  interests: InterestWord[];
}

interface Entry {
  ranking: Ranking;
  generation: number;
  expiresAt: number;
}

export class RankingCache {
  readonly #entries = new Map<string, Entry>();
  readonly #generations = new Map<number, number>();

  constructor(
    private readonly ttlMs = 15_000,
    private readonly maxEntries = 10_000,
    private readonly clock: () => number = Date.now,
  ) {}

  get(tenantId: number, userId: number): Ranking | undefined {
    const key = `${tenantId}:${userId}`;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.clock() || entry.generation !== this.#generationOf(tenantId)) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.ranking;
  }

  /** The tenant's generation now: taken before ranking, so a write committed meanwhile voids it. */
  stamp(tenantId: number): number {
    return this.#generationOf(tenantId);
  }

  set(tenantId: number, userId: number, ranking: Ranking, stamp: number): void {
    const key = `${tenantId}:${userId}`;
    this.#entries.delete(key);
    // Maps iterate in insertion order: the first key is the oldest entry.
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, {
      ranking,
      generation: stamp,
      expiresAt: this.clock() + this.ttlMs,
    });
  }

  /** Forgets every ranking of the tenant: called after a write that may change them commits. */
  invalidate(tenantId: number): void {
    this.#generations.set(tenantId, this.#generationOf(tenantId) + 1);
  }

  #generationOf(tenantId: number): number {
    return this.#generations.get(tenantId) ?? 0;
  }
}
