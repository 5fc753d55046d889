import { type SQL, sql } from 'drizzle-orm';
import { pageLimit } from '../db/page-limit.ts';
import type { KeptCount } from './search-counts.ts';

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
 * Every matching id (rank 0) read from the postings (decision 0050) by a SECURITY DEFINER function
 * that takes the tenant from the transaction's binding alone (decision 0029).
 */
export const matchingIdeas = (query: SQL) =>
  sql`(select m.id, 0::real as rank from public.search_matches(1::smallint, ${query}) m)`;
export const matchingPeople = (query: SQL) =>
  sql`(select m.id, 0::real as rank from public.search_matches(2::smallint, ${query}) m)`;

/**
 * Relevance order scores only this many matches, those whose heading holds the query, newest
 * first (migration 0025, decision 0050): the first pages are the best of them; every match is
 * still returned and counted.
 */
const SCORED = 300;

/** A window of the order (offset and limit), or every match when null. */
export type Window = { offset: number; limit: number } | null;

const windowArgs = (window: Window) =>
  window === null ? sql`null, null` : sql`${window.offset}::int, ${pageLimit(window.limit)}`;

const keptArgs = (kept: KeptCount | undefined) =>
  kept ? sql`${kept.counted}::text, ${kept.total}::int` : sql`null::text, null::int`;

/**
 * The matches in relevance order as (id, rank, total, counted), cut to `window`, with the number
 * of all matches in every row (one scan answers a page and its count) and what that number may be
 * kept under (search-counts.ts); a number `kept` before is answered while it holds (decision 0063).
 */
export const rankedIdeas = (query: SQL, window: Window, kept?: KeptCount) =>
  sql`public.search_ideas_ranked(${query}, ${sql.raw(String(SCORED))}, ${windowArgs(window)}, ${keptArgs(kept)})`;
export const rankedPeople = (query: SQL, window: Window, kept?: KeptCount) =>
  sql`public.search_people_ranked(${query}, ${sql.raw(String(SCORED))}, ${windowArgs(window)}, ${keptArgs(kept)})`;

/**
 * A page of matches as (id, rank, …, total, counted), `total` the number of all matches: either
 * the cut of the relevance order that a ranked function makes as it counts (`ranked`, with what
 * its total may be kept under), or every match of `hits` ordered by `order` (on the alias `h`),
 * cut and counted here (never kept: filters and other orders are not keyed).
 */
export function pageOfMatches(
  source: { ranked: SQL } | { hits: SQL; order: SQL },
  page: { offset: number; limit: number },
): SQL {
  // The function cuts the page itself; the limit tells the planner so, which otherwise takes the
  // function for 1,000 rows and hashes the whole table to join a page of them (decision 0055).
  if ('ranked' in source) {
    return sql`select s.id, s.rank, s.total, s.counted from ${source.ranked} s limit ${pageLimit(page.limit)}`;
  }
  return sql`with hits as materialized (${source.hits})
    select h.*, (select count(*)::int from hits) as total, null::text as counted from hits h
    order by ${source.order} offset ${page.offset} limit ${pageLimit(page.limit)}`;
}

/** Best first, ties by id. */
export type Order = 'relevance' | 'asc' | 'desc';
