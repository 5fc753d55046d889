import { describe, expect, it } from 'vitest';
import {
  chipsOf,
  type FeedState,
  filterQuery,
  hasFilters,
  listQuery,
  noFilters,
  parseFeedSearch,
  withoutChip,
  writeFeedSearch,
} from './feedSearch.ts';

const state = (patch: Partial<FeedState> = {}): FeedState => ({ ...noFilters, page: 1, ...patch });

describe('parseFeedSearch', () => {
  it('reads every filter of SPEC §2 from the URL', () => {
    const search = new URLSearchParams(
      'page=3&q=solid+battery&following=true&support_id=2,5&school_id=7&department_id=9&idea_owner_id=11&sort_order=asc',
    );
    expect(parseFeedSearch(search)).toEqual({
      page: 3,
      q: 'solid battery',
      following: true,
      supportIds: [2, 5],
      schoolId: 7,
      departmentId: 9,
      ideaOwnerId: 11,
      sortOrder: 'asc',
    });
  });

  it('reads an empty URL as the first page of the unfiltered feed', () => {
    expect(parseFeedSearch(new URLSearchParams(''))).toEqual(state());
  });

  it('ignores values that cannot be ids or options', () => {
    const search = new URLSearchParams(
      'page=-2&following=yes&support_id=1,x,0,1,3&school_id=abc&idea_owner_id=99999999999&sort_order=up',
    );
    expect(parseFeedSearch(search)).toEqual(state({ supportIds: [1, 3] }));
  });
});

describe('writeFeedSearch', () => {
  it('writes the state and keeps other parameters such as the tenant', () => {
    const written = writeFeedSearch(
      state({ page: 2, supportIds: [4, 1], schoolId: 3, sortOrder: 'desc', following: true }),
      new URLSearchParams('tenant=demo.localhost&page=5&idea_owner_id=8'),
    );
    expect(written.toString()).toBe(
      'tenant=demo.localhost&page=2&following=true&support_id=4%2C1&school_id=3&sort_order=desc',
    );
  });

  it('leaves the defaults out, so the plain feed is a plain URL', () => {
    expect(writeFeedSearch(state(), new URLSearchParams('page=4&following=true')).toString()).toBe(
      '',
    );
  });

  it('round-trips through parseFeedSearch', () => {
    const original = state({ page: 4, supportIds: [3], departmentId: 12, ideaOwnerId: 5 });
    expect(parseFeedSearch(writeFeedSearch(original, new URLSearchParams()))).toEqual(original);
  });
});

describe('hasFilters', () => {
  it('is false for the plain feed, whatever the page', () => {
    expect(hasFilters(state({ page: 9 }))).toBe(false);
  });

  it.each([
    { q: 'battery' },
    { following: true },
    { supportIds: [1] },
    { schoolId: 1 },
    { departmentId: 1 },
    { ideaOwnerId: 1 },
    { sortOrder: 'asc' as const },
  ])('is true once %o is set', (patch) => {
    expect(hasFilters(state(patch))).toBe(true);
  });
});

describe('API queries', () => {
  it('sends the filters, a page of 10 and newest first unless asked otherwise', () => {
    expect(listQuery(state({ page: 2, supportIds: [1, 2], schoolId: 4 }))).toEqual({
      q: '',
      following: undefined,
      support_id: [1, 2],
      school_id: 4,
      department_id: null,
      idea_owner_id: null,
      page: 2,
      page_size: 10,
      sort_order: 'desc',
    });
    expect(listQuery(state({ sortOrder: 'asc', following: true }))).toMatchObject({
      following: 'true',
      sort_order: 'asc',
    });
  });

  it('sends no order with a keyword and no order chosen, so the best matches come first', () => {
    expect(listQuery(state({ q: 'battery' }))).toMatchObject({ q: 'battery' });
    expect(listQuery(state({ q: 'battery' })).sort_order).toBeUndefined();
    expect(listQuery(state({ q: 'battery', sortOrder: 'asc' })).sort_order).toBe('asc');
  });

  it('counts with the filters only', () => {
    expect(filterQuery(state({ page: 3, ideaOwnerId: 6 }))).toEqual({
      q: '',
      following: undefined,
      support_id: [],
      school_id: null,
      department_id: null,
      idea_owner_id: 6,
    });
  });
});

describe('chips', () => {
  const full = state({
    page: 3,
    q: 'battery',
    following: true,
    supportIds: [2, 5],
    schoolId: 7,
    departmentId: 9,
    ideaOwnerId: 11,
    sortOrder: 'asc',
  });

  it('has one chip per active value', () => {
    expect(chipsOf(full)).toEqual([
      { kind: 'keyword', q: 'battery' },
      { kind: 'following' },
      { kind: 'support', id: 2 },
      { kind: 'support', id: 5 },
      { kind: 'school', id: 7 },
      { kind: 'department', id: 9 },
      { kind: 'ideaOwner', id: 11 },
      { kind: 'sortOrder', order: 'asc' },
    ]);
    expect(chipsOf(state())).toEqual([]);
  });

  it('removes one value and goes back to the first page', () => {
    expect(withoutChip(full, { kind: 'support', id: 2 })).toEqual({
      ...full,
      page: 1,
      supportIds: [5],
    });
    expect(withoutChip(full, { kind: 'following' })).toMatchObject({ following: false, page: 1 });
    expect(withoutChip(full, { kind: 'ideaOwner', id: 11 })).toMatchObject({ ideaOwnerId: null });
    expect(withoutChip(full, { kind: 'sortOrder', order: 'asc' })).toMatchObject({
      sortOrder: null,
    });
    expect(withoutChip(full, { kind: 'department', id: 9 })).toMatchObject({
      schoolId: 7,
      departmentId: null,
    });
  });

  it("removes the school's department with the school", () => {
    expect(withoutChip(full, { kind: 'school', id: 7 })).toMatchObject({
      schoolId: null,
      departmentId: null,
    });
  });
});
