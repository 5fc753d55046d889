import { type IdeaListQuery, limits } from '@kindling/contract';
import type { Query } from '../api/client.ts';
import {
  flagParam,
  idParam,
  idsParam,
  listParams,
  oneOfParam,
  pageParam,
  readUrl,
  textParam,
  writeUrl,
} from '../lists/urlState.ts';

export type SortOrder = 'asc' | 'desc';

/** The dashboard's filters (SPEC §2), each kept in the URL under the API's own parameter name. */
export interface FeedFilters {
  /** The keyword (CONTRACT §7); empty for none. */
  q: string;
  following: boolean;
  supportIds: number[];
  schoolId: number | null;
  departmentId: number | null;
  ideaOwnerId: number | null;
  /** null: no order chosen: the recommended feed, or with a keyword the best matches first. */
  sortOrder: SortOrder | null;
}

export interface FeedState extends FeedFilters {
  page: number;
}

export const noFilters: FeedFilters = {
  q: '',
  following: false,
  supportIds: [],
  schoolId: null,
  departmentId: null,
  ideaOwnerId: null,
  sortOrder: null,
};

/** The feed's state in the URL, under the API's own parameter names. */
const feedUrl = listParams<IdeaListQuery>()({
  page: pageParam,
  q: textParam('q'),
  following: flagParam('following'),
  supportIds: idsParam('support_id'),
  schoolId: idParam('school_id'),
  departmentId: idParam('department_id'),
  ideaOwnerId: idParam('idea_owner_id'),
  sortOrder: oneOfParam('sort_order', ['asc', 'desc'], null),
});

/**
 * Reads the feed's state from the URL. A value that cannot be an id or option is ignored rather
 * than sent: a hand-edited or stale link still shows a feed instead of an error.
 */
export const parseFeedSearch = (search: URLSearchParams): FeedState => readUrl(feedUrl, search);

/**
 * Writes the feed's state over the current URL's parameters, keeping any others (the tenant).
 * Defaults are left out, so an unfiltered first page is plain `/dashboard`.
 */
export const writeFeedSearch = (state: FeedState, current: URLSearchParams): URLSearchParams =>
  writeUrl(feedUrl, state, current);

export function hasFilters(filters: FeedFilters): boolean {
  return filters.q !== '' || hasDialogFilters(filters);
}

/** Whether a filter of the Filters dialog is set, the keyword aside (SPEC §2 disables the button then). */
export function hasDialogFilters(filters: FeedFilters): boolean {
  return (
    filters.following ||
    filters.supportIds.length > 0 ||
    filters.schoolId !== null ||
    filters.departmentId !== null ||
    filters.ideaOwnerId !== null ||
    filters.sortOrder !== null
  );
}

/** The filters as GET /ideas/count takes them. */
export function filterQuery(filters: FeedFilters): Query {
  return {
    q: filters.q,
    following: filters.following ? 'true' : undefined,
    support_id: filters.supportIds,
    school_id: filters.schoolId,
    department_id: filters.departmentId,
    idea_owner_id: filters.ideaOwnerId,
  };
}

/**
 * The state as GET /ideas takes it: newest first unless the member chose otherwise; with a
 * keyword and no order chosen, no order is sent, and the API answers the best matches first.
 */
export function listQuery(state: FeedState): Query {
  return {
    ...filterQuery(state),
    page: state.page,
    page_size: limits.pageSize,
    sort_order: state.sortOrder ?? (state.q === '' ? 'desc' : undefined),
  };
}

/** One removable chip per active filter value (SPEC §2). */
export type FeedChip =
  | { kind: 'keyword'; q: string }
  | { kind: 'following' }
  | { kind: 'support'; id: number }
  | { kind: 'school'; id: number }
  | { kind: 'department'; id: number }
  | { kind: 'ideaOwner'; id: number }
  | { kind: 'sortOrder'; order: SortOrder };

export function chipsOf(filters: FeedFilters): FeedChip[] {
  const chips: FeedChip[] = [];
  if (filters.q !== '') chips.push({ kind: 'keyword', q: filters.q });
  if (filters.following) chips.push({ kind: 'following' });
  for (const id of filters.supportIds) chips.push({ kind: 'support', id });
  if (filters.schoolId !== null) chips.push({ kind: 'school', id: filters.schoolId });
  if (filters.departmentId !== null) chips.push({ kind: 'department', id: filters.departmentId });
  if (filters.ideaOwnerId !== null) chips.push({ kind: 'ideaOwner', id: filters.ideaOwnerId });
  if (filters.sortOrder) chips.push({ kind: 'sortOrder', order: filters.sortOrder });
  return chips;
}

/**
 * The state once a chip is removed, back on the first page. Removing the school removes its
 * department too, since the department was chosen among that school's.
 */
export function withoutChip(state: FeedState, chip: FeedChip): FeedState {
  const next: FeedState = { ...state, page: 1 };
  switch (chip.kind) {
    case 'keyword':
      return { ...next, q: '' };
    case 'following':
      return { ...next, following: false };
    case 'support':
      return { ...next, supportIds: state.supportIds.filter((id) => id !== chip.id) };
    case 'school':
      return { ...next, schoolId: null, departmentId: null };
    case 'department':
      return { ...next, departmentId: null };
    case 'ideaOwner':
      return { ...next, ideaOwnerId: null };
    case 'sortOrder':
      return { ...next, sortOrder: null };
  }
}
