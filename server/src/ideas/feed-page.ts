import { type IdeaFilters, type IdeasPage, ideaMessages } from '@kindling/contract';
import type { Deps, SessionContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { underGenericPlans } from '../db/tenant-scope.ts';
import { bothSettled } from '../db/together.ts';
import { notFound } from '../http/errors.ts';
import { ideaCardsOf, ideasPage, pageIds } from './feed.ts';
import { countIdeas } from './feed-counts.ts';
import type { SummaryRow } from './idea-rows.ts';
import { type PageWindow, pageWindow, type SortOrder, totalPages } from './paging.ts';
import { presentSummary } from './presenter.ts';

export interface Paging {
  page: number;
  page_size: number;
}

/** No filter at all: the feed's plain pages and count, whose plans never change (`Plans`). */
export const unfiltered = (filters: IdeaFilters) =>
  !filters.following &&
  !filters.support_id &&
  !filters.school_id &&
  !filters.department_id &&
  !filters.idea_owner_id;

const pageAnswer = (rows: SummaryRow[], page: number, pages: number): IdeasPage => ({
  ideas: rows.map(presentSummary),
  page,
  total_pages: pages,
});

/** The first page is read from its own end whatever the total (paging.ts), so needs none. */
const firstWindow = (size: number, order: SortOrder): PageWindow => ({
  offset: 0,
  limit: size,
  scan: order,
});

/**
 * A filtered page in two statements: its ids, planned for the filters' values in the
 * transaction's custom plans, then its cards by id under the generic plan, which is the same for
 * any ten ids. Planning the cards' statement cost three times the rest of the request (decision
 * 0047). The plain feed's page is one statement, generic as the rest of its transaction.
 */
type Found = { rows: SummaryRow[] } | { ids: number[] };

function find(
  tx: Tx,
  session: SessionContext,
  filters: IdeaFilters,
  order: SortOrder,
  window: PageWindow,
): Promise<Found> {
  const page = { tenantId: session.tenantId, viewerId: session.userId, filters, order, window };
  return unfiltered(filters)
    ? ideasPage(tx, page).then((rows) => ({ rows }))
    : pageIds(tx, page).then((ids) => ({ ids }));
}

function cardsOf(tx: Tx, session: SessionContext, found: Found): Promise<SummaryRow[]> {
  if ('rows' in found) return Promise.resolve(found.rows);
  const { ids } = found;
  if (ids.length === 0) return Promise.resolve([]);
  return underGenericPlans(tx, () => ideaCardsOf(tx, session.tenantId, session.userId, ids));
}

/**
 * A page of the filtered list: count, then the page's window. A page past the last is 404 (SPEC
 * §4 resets to page 1 on it); page 1 of nothing is an empty list. The first page's window needs
 * no count, so its statement goes out with the count's, in one round trip (pipeline mode). A
 * caller may count its own way (`counting`), and reject there to refuse the whole page.
 */
export async function filteredPage(
  tx: Tx,
  deps: Deps,
  session: SessionContext,
  filters: IdeaFilters,
  order: SortOrder,
  paging: Paging,
  counting = countIdeas(tx, deps.feedCounts, session.tenantId, session.userId, filters),
): Promise<IdeasPage> {
  if (paging.page === 1) {
    const [total, found] = await bothSettled(
      counting,
      find(tx, session, filters, order, firstWindow(paging.page_size, order)),
    );
    return pageAnswer(await cardsOf(tx, session, found), 1, totalPages(total, paging.page_size));
  }
  const total = await counting;
  const pages = totalPages(total, paging.page_size);
  if (paging.page > pages) throw notFound(ideaMessages.pageNotFound);
  const window = pageWindow(total, paging.page, paging.page_size, order);
  const found = await find(tx, session, filters, order, window);
  return pageAnswer(await cardsOf(tx, session, found), paging.page, pages);
}
