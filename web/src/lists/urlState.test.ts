import type { PeopleQuery } from '@kindling/contract';
import { describe, expect, it } from 'vitest';
import {
  flagParam,
  idOrNoneParam,
  idParam,
  idsParam,
  listParams,
  oneOfParam,
  pageParam,
  readUrl,
  textParam,
  writeUrl,
} from './urlState.ts';

const shape = {
  page: pageParam,
  id: idParam('school_id'),
  ids: idsParam('support_id'),
  idOrNone: idOrNoneParam('case_manager_id'),
  text: textParam('q'),
  flag: flagParam('following'),
  order: oneOfParam('sort_order', ['asc', 'desc'], null),
};

describe('readUrl', () => {
  it('reads each kind of parameter', () => {
    const params = new URLSearchParams(
      'page=3&school_id=7&support_id=2,5&case_manager_id=none&q=lab&following=true&sort_order=asc',
    );
    expect(readUrl(shape, params)).toEqual({
      page: 3,
      id: 7,
      ids: [2, 5],
      idOrNone: 'none',
      text: 'lab',
      flag: true,
      order: 'asc',
    });
  });

  it('takes absent and malformed values as not given', () => {
    const defaults = {
      page: 1,
      id: null,
      ids: [],
      idOrNone: null,
      text: '',
      flag: false,
      order: null,
    };
    expect(readUrl(shape, new URLSearchParams(''))).toEqual(defaults);
    const params = new URLSearchParams(
      'page=0&school_id=99999999999&support_id=x,0&case_manager_id=-1&following=yes&sort_order=up',
    );
    expect(readUrl(shape, params)).toEqual(defaults);
  });

  it('drops malformed and repeated ids from a list, keeping the rest', () => {
    expect(readUrl(shape, new URLSearchParams('support_id=1,x,0,1,3')).ids).toEqual([1, 3]);
  });
});

describe('writeUrl', () => {
  it("keeps parameters that are not the list's, and leaves out defaults", () => {
    const current = new URLSearchParams('tenant=demo.localhost&page=4&q=old');
    const written = writeUrl(
      shape,
      { ...readUrl(shape, current), page: 1, text: '', ids: [4, 1], order: 'desc' },
      current,
    );
    expect(written.toString()).toBe('tenant=demo.localhost&support_id=4%2C1&sort_order=desc');
  });

  it('round-trips', () => {
    const values = {
      page: 2,
      id: 3,
      ids: [9],
      idOrNone: 12,
      text: 'a b',
      flag: true,
      order: 'desc' as const,
    };
    expect(readUrl(shape, writeUrl(shape, values, new URLSearchParams()))).toEqual(values);
  });
});

describe('listParams', () => {
  it("accepts only the names the contract's query takes", () => {
    const people = listParams<PeopleQuery>()({ page: pageParam, role: idParam('role_id') });
    expect(people.role.name).toBe('role_id');
    // @ts-expect-error GET /users takes no `status`
    listParams<PeopleQuery>()({ status: textParam('status') });
  });
});
