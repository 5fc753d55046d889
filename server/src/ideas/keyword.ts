/**
 * The idea list and count with a keyword (CONTRACT §7). One statement answers a page and the total:
 * the tenant's matches come through the GIN index (search/corpus.ts), the other filters apply to
 * them, and only the page's rows are joined to people and lookups and given excerpts.
 */
import type { IdeaFilters } from '@kindling/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, queryRows } from '../db/client.ts';
import { queryCount } from '../db/rows.ts';
import {
  IDEAS,
  matchingIdeas,
  type Order,
  pageOfMatches,
  rankedIdeas,
  searchQuery,
} from '../search/corpus.ts';
import { headline } from '../search/highlights.ts';
import type { KeptCount } from '../search/search-counts.ts';
import { matching } from './feed.ts';
import { summaryColumns, summaryJoins, summaryRow } from './idea-rows.ts';

const keywordRow = summaryRow.extend({
  total: z.number(),
  counted: z.string().nullable(),
  excerpt: z.string().nullable(),
});
export type KeywordRow = z.output<typeof keywordRow>;

const filtered = (filters: IdeaFilters) =>
  Boolean(
    filters.following ||
      filters.support_id ||
      filters.school_id ||
      filters.department_id ||
      filters.idea_owner_id,
  );

const ordered = (order: Order, alias: string) =>
  sql.raw(
    order === 'relevance'
      ? `${alias}.rank desc, ${alias}.id`
      : `${alias}.created_at ${order}, ${alias}.id ${order}`,
  );

/**
 * The matches as (id, rank, created_at), with the other filters applied; ranks only for relevance
 * order, and the idea's row only when a filter or the date order needs it.
 */
function hits(
  tenantId: number,
  viewerId: number,
  filters: IdeaFilters,
  order: Order | 'none',
): SQL {
  const found =
    order === 'relevance'
      ? rankedIdeas(sql`(select tsq from query)`, null)
      : matchingIdeas(sql`(select tsq from query)`);
  if (!filtered(filters) && order === 'none') {
    return sql`select s.id, s.rank, null::timestamptz as created_at from ${found} s`;
  }
  return sql`select s.id, s.rank, i.created_at from ${found} s
    join ideas i on i.tenant_id = ${tenantId} and i.id = s.id
    where ${matching(tenantId, viewerId, filters)}`;
}

/** The page's matches and the number of all matches (search/corpus.ts pageOfMatches). */
function pageOf(
  tenantId: number,
  viewerId: number,
  filters: IdeaFilters,
  order: Order,
  page: { offset: number; limit: number },
  kept: KeptCount | undefined,
): SQL {
  return order === 'relevance' && !filtered(filters)
    ? pageOfMatches({ ranked: rankedIdeas(sql`(select tsq from query)`, page, kept) }, page)
    : pageOfMatches(
        { hits: hits(tenantId, viewerId, filters, order), order: ordered(order, 'h') },
        page,
      );
}

/** What an idea's excerpts are cut from: its text, link titles, patents and leader's name. */
const ideaText = (tenantId: number) => sql`concat_ws(' … ', i.title, i.introduction, i.problem,
  i.opportunity,
  (select string_agg(l.title, ' · ' order by l.position) from idea_links l
   where l.tenant_id = ${tenantId} and l.idea_id = i.id),
  (select string_agg(p.number, ' · ' order by p.position) from idea_patents p
   where p.tenant_id = ${tenantId} and p.idea_id = i.id),
  pi.first_name || ' ' || pi.last_name)`;

/**
 * A page of matching ideas with their total (and what it may be kept under), and their excerpts
 * when `excerpts` asks; a total `kept` before is answered while it holds.
 */
export async function keywordIdeasPage(
  db: Executor,
  tenantId: number,
  viewerId: number,
  filters: IdeaFilters & { q: string },
  order: Order,
  page: { offset: number; limit: number },
  { excerpts }: { excerpts: boolean },
  kept?: KeptCount,
): Promise<{ rows: KeywordRow[] }> {
  const rows = await queryRows(
    db,
    sql`with query as materialized (select ${searchQuery(IDEAS, filters.q)} as tsq),
        page as materialized (${pageOf(tenantId, viewerId, filters, order, page, kept)})
        select ${summaryColumns(tenantId, viewerId)}, p.total, p.counted,
          ${excerpts ? headline(ideaText(tenantId), sql`(select tsq from query)`) : sql`null`} as excerpt
        from page p
        join ideas i on i.tenant_id = ${tenantId} and i.id = p.id
        ${summaryJoins}
        order by ${ordered(order, 'p')}`,
    keywordRow,
  );
  return { rows };
}

export async function countKeywordIdeas(
  db: Executor,
  tenantId: number,
  viewerId: number,
  filters: IdeaFilters & { q: string },
): Promise<number> {
  return queryCount(
    db,
    sql`with query as materialized (select ${searchQuery(IDEAS, filters.q)} as tsq)
        select count(*)::int as n from (${hits(tenantId, viewerId, filters, 'none')}) h`,
  );
}
