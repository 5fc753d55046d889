import type { IdeaFilters } from '@kindling/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client.ts';
import { pageLimit } from '../db/page-limit.ts';
import { idRow, queryCount } from '../db/rows.ts';
import { anyId, type SummaryRow, summaryColumns, summaryJoins, summaryRow } from './idea-rows.ts';
import type { PageWindow, SortOrder } from './paging.ts';

/**
 * The ideas matching CONTRACT §3's filters, for the idea aliased `i`: kinds of filter combine with
 * AND, the ids of one filter with OR. School and department are the principal investigator's, as
 * copied onto the idea by triggers.
 */
export function matching(tenantId: number, viewerId: number, filters: IdeaFilters): SQL {
  const parts = [sql`i.tenant_id = ${tenantId}`];
  if (filters.following) {
    parts.push(sql`exists (select 1 from follows f
      where f.tenant_id = ${tenantId} and f.user_id = ${viewerId} and f.idea_id = i.id)`);
  }
  if (filters.support_id) {
    parts.push(sql`exists (select 1 from idea_supports s
      where s.tenant_id = ${tenantId} and s.idea_id = i.id
        and s.support_id ${anyId(filters.support_id)})`);
  }
  if (filters.idea_owner_id) {
    parts.push(sql`i.principal_investigator_id ${anyId(filters.idea_owner_id)}`);
  }
  if (filters.school_id) {
    parts.push(sql`i.pi_school_id ${anyId(filters.school_id)}`);
  }
  if (filters.department_id) {
    parts.push(sql`i.pi_department_id ${anyId(filters.department_id)}`);
  }
  return sql.join(parts, sql` and `);
}

const onlySupports = (filters: IdeaFilters) =>
  !filters.following && !filters.school_id && !filters.department_id && !filters.idea_owner_id;

/**
 * Counts the matching ideas. With support types alone, their index on idea_supports does, which is
 * a quarter of the ideas' index for a support type a quarter of ideas seek; it equals the general
 * count, which the tests check. Without any filter the tenant's tally answers (feed-counts.ts).
 */
export async function countMatching(
  db: Executor,
  tenantId: number,
  viewerId: number,
  filters: IdeaFilters,
): Promise<number> {
  return queryCount(
    db,
    onlySupports(filters) && filters.support_id
      ? sql`select count(distinct s.idea_id)::int as n from idea_supports s
          where s.tenant_id = ${tenantId} and s.support_id ${anyId(filters.support_id)}`
      : sql`select count(*)::int as n from ideas i
          where ${matching(tenantId, viewerId, filters)}`,
  );
}

const direction = (order: SortOrder) => sql.raw(order === 'asc' ? 'asc' : 'desc');

/** Which page of the feed: whose, filtered how, in which order, and its window (paging.ts). */
export interface FeedWindow {
  tenantId: number;
  viewerId: number;
  filters: IdeaFilters;
  order: SortOrder;
  window: PageWindow;
}

/**
 * The window's ideas, in the order it is scanned: found on the narrow index (tenant_id,
 * created_at, id) and not joined to anything, so a deep page skips index entries, not joined
 * rows; `window.scan` may read from the far end. The limit is a constant (pageLimit) so that even
 * the generic plan reads only the page's rows.
 */
function windowOf(columns: SQL, { tenantId, viewerId, filters, window }: FeedWindow): SQL {
  const scan = direction(window.scan);
  return sql`select ${columns} from ideas i
          where ${matching(tenantId, viewerId, filters)}
          order by i.created_at ${scan}, i.id ${scan}
          offset ${window.offset} limit ${pageLimit(window.limit)}`;
}

/** One page of ideas in (created_at, id) order: its window, and only its rows joined to cards. */
export function ideasPage(db: Executor, page: FeedWindow): Promise<SummaryRow[]> {
  const { tenantId, viewerId } = page;
  const want = direction(page.order);
  return queryRows(
    db,
    sql`with page as (${windowOf(sql`i.id, i.created_at`, page)})
        select ${summaryColumns(tenantId, viewerId)}
        from page p
        join ideas i on i.tenant_id = ${tenantId} and i.id = p.id
        ${summaryJoins}
        order by p.created_at ${want}, p.id ${want}`,
    summaryRow,
  );
}

/**
 * The ids of one page of matching ideas, in the page's order: the statement of a filtered page
 * that its filters' values must plan (custom plans). The cards are read by id (`ideaCardsOf`).
 */
export async function pageIds(db: Executor, page: FeedWindow): Promise<number[]> {
  const rows = await queryRows(db, windowOf(sql`i.id`, page), idRow);
  const ids = rows.map((row) => row.id);
  return page.window.scan === page.order ? ids : ids.reverse();
}

/**
 * The cards of these ideas in the order given; ideas deleted since are left out. Its plan is the
 * same whatever the ids, so it runs generic: planning it costs more than running it.
 */
export function ideaCardsOf(
  db: Executor,
  tenantId: number,
  viewerId: number,
  ids: number[],
): Promise<SummaryRow[]> {
  return queryRows(
    db,
    sql`select ${summaryColumns(tenantId, viewerId)}
        from unnest(${sql.param(ids)}::int[]) with ordinality as p(id, n)
        join ideas i on i.tenant_id = ${tenantId} and i.id = p.id
        ${summaryJoins}
        order by p.n`,
    summaryRow,
  );
}
