import type { PeopleFilter, PeoplePickerQuery, PeopleQuery } from '@kindling/contract';
import type { Deps } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { inTenant, type Plans } from '../db/tenant-scope.ts';
import { notFound } from '../http/errors.ts';
import { type Order, PEOPLE } from '../search/corpus.ts';
import { highlightsOf } from '../search/highlights.ts';
import type { SearchCounts } from '../search/search-counts.ts';
import { countKeywordPeople, keywordPeoplePage } from './keyword.ts';
import { presentCard } from './presenter.ts';
import { countPeople, listPeople, pickPeople } from './repository.ts';

/** CONTRACT §3: a picker lists at most 50 names. */
const PICKER_LIMIT = 50;

/**
 * The whole directory, a keyword or not: plans that do not depend on the filters' ids (`Plans`;
 * a keyword's search functions as on the idea list, decision 0059).
 */
const plansFor = (filter: PeopleFilter): Plans =>
  filter.user_id || filter.role_id || filter.school_id || filter.department_id
    ? 'custom'
    : 'generic';

const withKeyword = <T extends PeopleFilter>(filter: T): filter is T & { q: string } =>
  filter.q !== undefined;

/**
 * A page of members matching `q` (CONTRACT §7) with highlights unless `highlights` is false,
 * relevance order unless a sort order is asked for; one statement gives the page and the total.
 */
export async function keywordPeople(
  tx: Tx,
  counts: SearchCounts,
  tenantId: number,
  filter: PeopleFilter & { q: string },
  order: Order,
  paging: { page: number; page_size: number },
  { highlights }: { highlights: boolean },
) {
  const rows = await keywordPeoplePage(
    tx,
    tenantId,
    filter,
    order,
    { offset: (paging.page - 1) * paging.page_size, limit: paging.page_size },
    { excerpts: highlights },
    counts.get(tenantId, PEOPLE, filter.q),
  );
  if (rows.length === 0 && paging.page > 1) throw notFound('No users on this page.');
  const total = rows[0]?.total ?? 0;
  if (rows[0]) counts.keep(tenantId, PEOPLE, filter.q, rows[0].counted, total);
  return {
    users: rows.map((row) =>
      highlights
        ? { ...presentCard(row), highlights: highlightsOf(row.excerpt) }
        : presentCard(row),
    ),
    page: paging.page,
    total_pages: Math.ceil(total / paging.page_size),
    total_count: total,
  };
}

/** GET /users: one page of the directory; a page past the last one is 404 (SPEC §4 pagination). */
export function searchPeople(deps: Deps, tenantId: number, query: PeopleQuery) {
  if (withKeyword(query)) {
    return inTenant(
      deps.database.db,
      tenantId,
      async (tx) => {
        const { total_count: _, ...page } = await keywordPeople(
          tx,
          deps.searchCounts,
          tenantId,
          query,
          query.sort_order ?? 'relevance',
          query,
          { highlights: true },
        );
        return page;
      },
      plansFor(query),
    );
  }
  return inTenant(
    deps.database.db,
    tenantId,
    async (tx) => {
      const order = query.sort_order ?? 'asc';
      if (query.page === 1) {
        // The first page's rows need no total, so both statements go in one round trip.
        const [total, rows] = await Promise.all([
          countPeople(tx, tenantId, query),
          listPeople(tx, tenantId, query, { limit: query.page_size, offset: 0, order }),
        ]);
        const totalPages = Math.ceil(total / query.page_size);
        return { users: rows.map(presentCard), page: 1, total_pages: totalPages };
      }
      const total = await countPeople(tx, tenantId, query);
      const totalPages = Math.ceil(total / query.page_size);
      if (query.page > 1 && query.page > totalPages) throw notFound('No users on this page.');
      const offset = (query.page - 1) * query.page_size;
      const limit = Math.min(query.page_size, total - offset);
      if (limit <= 0) return { users: [], page: query.page, total_pages: totalPages };
      // Past the middle the same rows are read from the other end, so no page walks more than half
      // the index.
      const fromEnd = offset + limit / 2 > total / 2;
      const rows = fromEnd
        ? (
            await listPeople(tx, tenantId, query, {
              limit,
              offset: total - offset - limit,
              order: order === 'asc' ? 'desc' : 'asc',
            })
          ).reverse()
        : await listPeople(tx, tenantId, query, { limit, offset, order });
      return { users: rows.map(presentCard), page: query.page, total_pages: totalPages };
    },
    plansFor(query),
  );
}

export async function peopleCount(deps: Deps, tenantId: number, filter: PeopleFilter) {
  const total = await inTenant(
    deps.database.db,
    tenantId,
    (tx) =>
      withKeyword(filter)
        ? countKeywordPeople(tx, tenantId, filter)
        : countPeople(tx, tenantId, filter),
    plansFor(filter),
  );
  return { total_count: total };
}

export async function peoplePicker(deps: Deps, tenantId: number, query: PeoplePickerQuery) {
  const users = await inTenant(deps.database.db, tenantId, (tx) =>
    pickPeople(tx, tenantId, query, query.q, PICKER_LIMIT),
  );
  return { users };
}
