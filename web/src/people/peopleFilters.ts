import type { Department, PeopleQuery } from '@kindling/contract';
import {
  idParam,
  listParams,
  oneOfParam,
  pageParam,
  readUrl,
  textParam,
  writeUrl,
} from '../lists/urlState.ts';

/** The directory's state as the URL carries it (SPEC §2 People), so a filtered page can be shared. */
export type SortOrder = 'asc' | 'desc';

export interface PeopleFilters {
  page: number;
  /** The keyword (CONTRACT §7); empty for none. */
  q: string;
  role_id: number | null;
  school_id: number | null;
  department_id: number | null;
  user_id: number | null;
  /**
   * null: no order chosen, which is by name A to Z (SPEC §9), or with a keyword the best matches
   * first (CONTRACT §7).
   */
  sort_order: SortOrder | null;
}

export type FilterName = 'role_id' | 'school_id' | 'department_id' | 'user_id';
const filterNames: readonly FilterName[] = ['role_id', 'school_id', 'department_id', 'user_id'];

export const defaultFilters: PeopleFilters = {
  page: 1,
  q: '',
  role_id: null,
  school_id: null,
  department_id: null,
  user_id: null,
  sort_order: null,
};

/** The directory's state in the URL, under the API's own parameter names. */
const peopleUrl = listParams<PeopleQuery>()({
  page: pageParam,
  q: textParam('q'),
  role_id: idParam('role_id'),
  school_id: idParam('school_id'),
  department_id: idParam('department_id'),
  user_id: idParam('user_id'),
  sort_order: oneOfParam('sort_order', ['asc', 'desc'], null),
});

/** Reads the directory's state from a query string; anything malformed is taken as not given. */
export const readPeopleFilters = (params: URLSearchParams): PeopleFilters =>
  readUrl(peopleUrl, params);

/**
 * The query string for a state, keeping the parameters that are not the directory's (the tenant)
 * and leaving out the defaults, so the plain directory is plain /people.
 */
export const writePeopleFilters = (
  filters: PeopleFilters,
  current: URLSearchParams,
): URLSearchParams => writeUrl(peopleUrl, filters, current);

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
    q: filters.q,
    role_id: filters.role_id,
    school_id: filters.school_id,
    department_id: filters.department_id,
    user_id: filters.user_id,
  };
}

/** The order GET /users is asked for: none with a keyword and no choice, so the best come first. */
export function sortQuery(filters: PeopleFilters): SortOrder | undefined {
  return filters.sort_order ?? (filters.q === '' ? 'asc' : undefined);
}
