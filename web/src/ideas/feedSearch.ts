import { limits } from '@kindling/contract';
import type { Query } from '../api/client.ts';

export type SortOrder = 'asc' | 'desc';

/** The dashboard's filters (SPEC §2), each kept in the URL under the API's own parameter name. */
export interface FeedFilters {
  following: boolean;
  supportIds: number[];
  schoolId: number | null;
  departmentId: number | null;
  ideaOwnerId: number | null;
  /** null: no order chosen, which leaves the recommended feed in place. */
  sortOrder: SortOrder | null;
}

export interface FeedState extends FeedFilters {
  page: number;
}

export const noFilters: FeedFilters = {
  following: false,
  supportIds: [],
  schoolId: null,
  departmentId: null,
  ideaOwnerId: null,
  sortOrder: null,
};

const FEED_KEYS = [
  'page',
  'following',
  'support_id',
  'school_id',
  'department_id',
  'idea_owner_id',
  'sort_order',
] as const;

const positiveId = (text: string | null | undefined): number | null => {
  const trimmed = text?.trim() ?? '';
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  const id = Number(trimmed);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
};

/** A page number from the URL: a positive integer, else the first page. */
export function readPage(search: URLSearchParams): number {
  return positiveId(search.get('page')) ?? 1;
}

/**
 * Reads the feed's state from the URL. A value that cannot be an id or option is ignored rather
 * than sent: a hand-edited or stale link still shows a feed instead of an error.
 */
export function parseFeedSearch(search: URLSearchParams): FeedState {
  const supportIds = (search.get('support_id') ?? '')
    .split(',')
    .map(positiveId)
    .filter((id): id is number => id !== null);
  const sort = search.get('sort_order');
  return {
    page: readPage(search),
    following: search.get('following') === 'true',
    supportIds: [...new Set(supportIds)],
    schoolId: positiveId(search.get('school_id')),
    departmentId: positiveId(search.get('department_id')),
    ideaOwnerId: positiveId(search.get('idea_owner_id')),
    sortOrder: sort === 'asc' || sort === 'desc' ? sort : null,
  };
}

/**
 * Writes the feed's state over the current URL's parameters, keeping any others (the tenant).
 * Defaults are left out, so an unfiltered first page is plain `/dashboard`.
 */
export function writeFeedSearch(state: FeedState, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of FEED_KEYS) next.delete(key);
  if (state.page > 1) next.set('page', String(state.page));
  if (state.following) next.set('following', 'true');
  if (state.supportIds.length > 0) next.set('support_id', state.supportIds.join(','));
  if (state.schoolId !== null) next.set('school_id', String(state.schoolId));
  if (state.departmentId !== null) next.set('department_id', String(state.departmentId));
  if (state.ideaOwnerId !== null) next.set('idea_owner_id', String(state.ideaOwnerId));
  if (state.sortOrder) next.set('sort_order', state.sortOrder);
  return next;
}

export function hasFilters(filters: FeedFilters): boolean {
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
    following: filters.following ? 'true' : undefined,
    support_id: filters.supportIds,
    school_id: filters.schoolId,
    department_id: filters.departmentId,
    idea_owner_id: filters.ideaOwnerId,
  };
}

/** The state as GET /ideas takes it: newest first unless the member chose otherwise. */
export function listQuery(state: FeedState): Query {
  return {
    ...filterQuery(state),
    page: state.page,
    page_size: limits.pageSize,
    sort_order: state.sortOrder ?? 'desc',
  };
}

/** One removable chip per active filter value (SPEC §2). */
export type FeedChip =
  | { kind: 'following' }
  | { kind: 'support'; id: number }
  | { kind: 'school'; id: number }
  | { kind: 'department'; id: number }
  | { kind: 'ideaOwner'; id: number }
  | { kind: 'sortOrder'; order: SortOrder };

export function chipsOf(filters: FeedFilters): FeedChip[] {
  const chips: FeedChip[] = [];
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
