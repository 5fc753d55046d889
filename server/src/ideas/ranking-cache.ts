import type { IdeaTerms } from '../search/matches.ts';
import { VersionedCache } from './versioned-cache.ts';

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

/**
 * An idea's experts as ranked for every viewer: the best `limit + 1` ids (one more, for the viewer
 * to be left out at reading), and the idea's terms their matched words are named by.
 */
export interface KeptExperts {
  ids: number[];
  terms: IdeaTerms;
}

/**
 * Kept on `VersionedCache`s whose version is the tenant's generation in this process: the members'
 * rankings, and for an idea the ids of the ideas most similar to it (GET /ideas/{id}/similar) and
 * of its experts (GET /ideas/{id}/experts), whose scoring reads every posting of the idea's terms
 * (tens of thousands at a large tenant, decision 0052) while the answer changes only when ideas or
 * profiles do; they are kept longer, since a write in another process may wait that long to show.
 */
export class RankingCache {
  readonly #kept: VersionedCache<Ranking>;
  readonly #similar: VersionedCache<number[]>;
  readonly #experts: VersionedCache<KeptExperts>;
  readonly #generations = new Map<number, number>();

  constructor(
    ttlMs = 15_000,
    maxEntries = 10_000,
    clock: () => number = Date.now,
    matchesTtlMs = 300_000,
  ) {
    this.#kept = new VersionedCache(ttlMs, maxEntries, clock);
    this.#similar = new VersionedCache(matchesTtlMs, maxEntries, clock);
    this.#experts = new VersionedCache(matchesTtlMs, maxEntries, clock);
  }

  /** The ids of the `limit` ideas most similar to `ideaId`, best first, if kept. */
  similar(tenantId: number, ideaId: number, limit: number): number[] | undefined {
    return this.#similar.get(`${tenantId}:${ideaId}:${limit}`, this.#generationOf(tenantId));
  }

  keepSimilar(tenantId: number, ideaId: number, limit: number, ids: number[], stamp: number) {
    this.#similar.set(`${tenantId}:${ideaId}:${limit}`, ids, stamp);
  }

  /** The idea's experts for a page of `limit`, if kept. */
  experts(tenantId: number, ideaId: number, limit: number): KeptExperts | undefined {
    return this.#experts.get(`${tenantId}:${ideaId}:${limit}`, this.#generationOf(tenantId));
  }

  keepExperts(
    tenantId: number,
    ideaId: number,
    limit: number,
    experts: KeptExperts,
    stamp: number,
  ) {
    this.#experts.set(`${tenantId}:${ideaId}:${limit}`, experts, stamp);
  }

  get(tenantId: number, userId: number): Ranking | undefined {
    return this.#kept.get(`${tenantId}:${userId}`, this.#generationOf(tenantId));
  }

  /** The tenant's generation now: taken before ranking, so a write committed meanwhile voids it. */
  stamp(tenantId: number): number {
    return this.#generationOf(tenantId);
  }

  set(tenantId: number, userId: number, ranking: Ranking, stamp: number): void {
    this.#kept.set(`${tenantId}:${userId}`, ranking, stamp);
  }

  /**
   * Forgets every ranking, similar list and experts list of the tenant: called after a write that
   * may change them commits.
   */
  invalidate(tenantId: number): void {
    this.#generations.set(tenantId, this.#generationOf(tenantId) + 1);
  }

  #generationOf(tenantId: number): number {
    return this.#generations.get(tenantId) ?? 0;
  }
}
