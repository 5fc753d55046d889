import type { Department } from '@kindling/contract';

/** The directory's state as the URL carries it (SPEC §2 People), so a filtered page can be shared. */
export type SortOrder = 'asc' | 'desc';

export interface PeopleFilters {
  page: number;
  role_id: number | null;
  school_id: number | null;
  department_id: number | null;
  user_id: number | null;
  /** SPEC §9: people read by name, A to Z unless asked otherwise. */
  sort_order: SortOrder;
}

export type FilterName = 'role_id' | 'school_id' | 'department_id' | 'user_id';
const filterNames: readonly FilterName[] = ['role_id', 'school_id', 'department_id', 'user_id'];

export const defaultFilters: PeopleFilters = {
  page: 1,
  role_id: null,
  school_id: null,
  department_id: null,
  user_id: null,
  sort_order: 'asc',
};

const MAX_ID = 2_147_483_647;

function positiveInt(value: string | null, max = MAX_ID): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 && number <= max ? number : null;
}

/** Reads the directory's state from a query string; anything malformed is taken as not given. */
export function readPeopleFilters(params: URLSearchParams): PeopleFilters {
  return {
    page: positiveInt(params.get('page'), 1_000_000) ?? 1,
    role_id: positiveInt(params.get('role_id')),
    school_id: positiveInt(params.get('school_id')),
    department_id: positiveInt(params.get('department_id')),
    user_id: positiveInt(params.get('user_id')),
    sort_order: params.get('sort_order') === 'desc' ? 'desc' : 'asc',
  };
}

/**
 * The query string for a state, keeping the parameters that are not the directory's (the tenant)
 * and leaving out the defaults, so the plain directory is plain /people.
 */
export function writePeopleFilters(
  filters: PeopleFilters,
  current: URLSearchParams,
): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const name of ['page', 'sort_order', ...filterNames]) params.delete(name);
  if (filters.page > 1) params.set('page', String(filters.page));
  for (const name of filterNames) {
    const value = filters[name];
    if (value !== null) params.set(name, String(value));
  }
  if (filters.sort_order !== 'asc') params.set('sort_order', filters.sort_order);
  return params;
}

/** A changed filter or order starts again from page 1: the old page may not exist any more. */
export function changeFilters(
  filters: PeopleFilters,
  change: Partial<Omit<PeopleFilters, 'page'>>,
): PeopleFilters {
  return { ...filters, ...change, page: 1 };
}

/** A school keeps the chosen department only when the department belongs to it. */
export function withSchool(
  filters: PeopleFilters,
  schoolId: number | null,
  departments: readonly Department[],
): PeopleFilters {
  const department = departments.find((d) => d.id === filters.department_id);
  const keep = schoolId !== null && department?.school_id === schoolId;
  return changeFilters(filters, {
    school_id: schoolId,
    department_id: keep ? filters.department_id : null,
  });
}

/** A department brings its school along, so the chips and the school picker agree. */
export function withDepartment(
  filters: PeopleFilters,
  departmentId: number | null,
  departments: readonly Department[],
): PeopleFilters {
  const department = departments.find((d) => d.id === departmentId);
  return changeFilters(filters, {
    department_id: departmentId,
    school_id: department ? department.school_id : filters.school_id,
  });
}

export function activeFilterNames(filters: PeopleFilters): FilterName[] {
  return filterNames.filter((name) => filters[name] !== null);
}

/** What GET /users/count and GET /filter/users take: only the filters that are set. */
export function filterQuery(filters: PeopleFilters) {
  return {
    role_id: filters.role_id,
    school_id: filters.school_id,
    department_id: filters.department_id,
    user_id: filters.user_id,
  };
}
