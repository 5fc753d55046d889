import { type SQL, sql } from 'drizzle-orm';

/** The kinds of search document, as the lexicon of migration 0010 numbers them. */
export const IDEAS = 1;
export const PEOPLE = 2;

/**
 * `q` as a tsquery (migration 0010's search_query): every word needed, accents and inflections
 * folded, a word of five letters or more that no document holds widened to its one-typo
 * neighbours. The words are only ever parsed as a document, never as tsquery syntax.
 */
export const searchQuery = (corpus: typeof IDEAS | typeof PEOPLE, q: string): SQL =>
  sql`public.search_query(${sql.raw(String(corpus))}::smallint, ${q})`;

/**
 * Matching ids (and ranks when `ranked`) read through the GIN index by a SECURITY DEFINER
 * function that takes the tenant from the transaction's binding alone (decision 0029).
 */
export const matchingIdeas = (query: SQL, ranked: boolean, pool: number | null = null) =>
  sql`public.search_ideas(${query}, ${sql.raw(String(ranked))}, ${sql.raw(pool === null ? 'null' : String(pool))})`;
export const matchingPeople = (query: SQL, ranked: boolean, pool: number | null = null) =>
  sql`public.search_people(${query}, ${sql.raw(String(ranked))}, ${sql.raw(pool === null ? 'null' : String(pool))})`;

/**
 * Relevance order scores only this many matches, the newest (migration 0011): the first pages are
 * the best of them, every match is still returned, so counts stay exact.
 */
const SCORED = 300;

/** Every match as (id, rank), the newest `SCORED` of them ranked, for relevance order. */
export const rankedIdeas = (query: SQL) =>
  sql`public.search_ideas_ranked(${query}, ${sql.raw(String(SCORED))})`;
export const rankedPeople = (query: SQL) =>
  sql`public.search_people_ranked(${query}, ${sql.raw(String(SCORED))})`;

/** Best first, ties by id. */
export type Order = 'relevance' | 'asc' | 'desc';
