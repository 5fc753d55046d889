import { describe, expect, it } from 'vitest';
import {
  activeFilterNames,
  changeFilters,
  defaultFilters,
  readPeopleFilters,
  sortQuery,
  withDepartment,
  withSchool,
  writePeopleFilters,
} from './peopleFilters.ts';

const departments = [
  { id: 4, name: 'Bioengineering', school_id: 1 },
  { id: 9, name: 'Chemistry', school_id: 3 },
];

describe('readPeopleFilters', () => {
  it('reads every filter, the page and the order from the URL', () => {
    const filters = readPeopleFilters(
      new URLSearchParams(
        'tenant=demo.localhost&page=3&q=battery&role_id=2&school_id=1&department_id=4&user_id=17&sort_order=desc',
      ),
    );
    expect(filters).toEqual({
      page: 3,
      q: 'battery',
      role_id: 2,
      school_id: 1,
      department_id: 4,
      user_id: 17,
      sort_order: 'desc',
    });
  });

  it('defaults to page 1, no filters and no order chosen, which is A to Z', () => {
    expect(readPeopleFilters(new URLSearchParams(''))).toEqual(defaultFilters);
    expect(defaultFilters.sort_order).toBeNull();
    expect(sortQuery(defaultFilters)).toBe('asc');
  });

  it('asks for no order with a keyword and none chosen, so the best matches come first', () => {
    expect(sortQuery({ ...defaultFilters, q: 'battery' })).toBeUndefined();
    expect(sortQuery({ ...defaultFilters, q: 'battery', sort_order: 'asc' })).toBe('asc');
    expect(sortQuery({ ...defaultFilters, sort_order: 'desc' })).toBe('desc');
  });

  it('takes malformed values as not given', () => {
    const filters = readPeopleFilters(
      new URLSearchParams(
        'page=0&role_id=abc&school_id=-1&department_id=1.5&user_id=&sort_order=up',
      ),
    );
    expect(filters).toEqual(defaultFilters);
    expect(readPeopleFilters(new URLSearchParams('role_id=99999999999')).role_id).toBeNull();
  });
});

describe('writePeopleFilters', () => {
  it('keeps the tenant, writes what is set and leaves out the defaults', () => {
    const current = new URLSearchParams('tenant=demo.localhost&page=4&role_id=1');
    const params = writePeopleFilters(
      { ...defaultFilters, school_id: 3, sort_order: 'desc' },
      current,
    );
    expect(params.toString()).toBe('tenant=demo.localhost&school_id=3&sort_order=desc');
    expect(writePeopleFilters(defaultFilters, current).toString()).toBe('tenant=demo.localhost');
  });

  it('round-trips through readPeopleFilters', () => {
    const filters = { ...defaultFilters, page: 2, role_id: 2, user_id: 8 };
    expect(readPeopleFilters(writePeopleFilters(filters, new URLSearchParams()))).toEqual(filters);
  });
});

describe('changing filters', () => {
  it('goes back to page 1 whatever changes', () => {
    const onPage3 = { ...defaultFilters, page: 3 };
    expect(changeFilters(onPage3, { role_id: 2 })).toEqual({ ...defaultFilters, role_id: 2 });
    expect(changeFilters(onPage3, { sort_order: 'desc' }).page).toBe(1);
  });

  it('drops a department that is not of the newly chosen school', () => {
    const chosen = { ...defaultFilters, school_id: 1, department_id: 4 };
    expect(withSchool(chosen, 3, departments)).toMatchObject({ school_id: 3, department_id: null });
    expect(withSchool(chosen, 1, departments)).toMatchObject({ school_id: 1, department_id: 4 });
    expect(withSchool(chosen, null, departments)).toMatchObject({
      school_id: null,
      department_id: null,
    });
  });

  it('sets the school of a chosen department', () => {
    expect(withDepartment(defaultFilters, 9, departments)).toMatchObject({
      school_id: 3,
      department_id: 9,
    });
    const cleared = withDepartment(
      { ...defaultFilters, school_id: 3, department_id: 9 },
      null,
      departments,
    );
    expect(cleared).toMatchObject({ school_id: 3, department_id: null });
  });

  it('lists the active filters in the order of the chips', () => {
    expect(activeFilterNames({ ...defaultFilters, user_id: 5, role_id: 1 })).toEqual([
      'role_id',
      'user_id',
    ]);
    expect(activeFilterNames(defaultFilters)).toEqual([]);
  });
});
