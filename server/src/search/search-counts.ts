/**
 * The keyword lists' totals this process has counted (decision 0063), by tenant, corpus and the
 * words typed, each with what the database said it may be kept under (`counted`: the version of
 * the tenant's postings and the query they made). The ranked functions are given it back and
 * answer it instead of counting only while it still holds, so a total is exact whichever process
 * wrote last. The bound keeps the worst case to a few megabytes.
 */
export interface KeptCount {
  counted: string;
  total: number;
}

export class SearchCounts {
  readonly #entries = new Map<string, KeptCount>();

  constructor(private readonly maxEntries = 10_000) {}

  get(tenantId: number, corpus: number, q: string): KeptCount | undefined {
    return this.#entries.get(`${tenantId}|${corpus}|${q}`);
  }

  /** Keeps a total the database said may be kept (`counted` not null); forgets the oldest past the bound. */
  keep(tenantId: number, corpus: number, q: string, counted: string | null, total: number): void {
    if (counted === null) return;
    const key = `${tenantId}|${corpus}|${q}`;
    this.#entries.delete(key);
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { counted, total });
  }
}
