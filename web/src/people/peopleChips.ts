import type { Chip } from '../lists/FilterChips.tsx';
import { usePersisted } from '../state/usePersisted.ts';
import {
  activeFilterNames,
  changeFilters,
  type FilterName,
  type PeopleFilters,
} from './peopleFilters.ts';

const kinds: Record<FilterName, string> = {
  role_id: 'Role',
  school_id: 'School',
  department_id: 'Department',
  user_id: 'Person',
};

/** A chip's key: the filter it stands for, or the keyword. */
export type ChipName = FilterName | 'q';

/** The directory's active filters as the chip row shows them, keyed by filter name. */
export function usePeopleChips(filters: PeopleFilters, personName: string | null): Chip[] {
  const roles = usePersisted('roles');
  const schools = usePersisted('schools');
  const departments = usePersisted('departments');
  const lists = { role_id: roles, school_id: schools, department_id: departments };
  // A name not loaded yet (reference data, the person's name) shows as an ellipsis meanwhile.
  const nameOf = (name: FilterName, id: number): string =>
    name === 'user_id'
      ? (personName ?? '…')
      : (lists[name].find((item) => item.id === id)?.name ?? '…');
  const keyword: Chip[] = filters.q === '' ? [] : [{ key: 'q', label: `Keyword: ${filters.q}` }];
  return [
    ...keyword,
    ...activeFilterNames(filters).map((name) => ({
      key: name,
      label: `${kinds[name]}: ${nameOf(name, filters[name] as number)}`,
    })),
  ];
}

/** The directory without one filter; a school's department goes with it, as choosing another school would drop it. */
export function withoutFilter(filters: PeopleFilters, name: ChipName): PeopleFilters {
  if (name === 'q') return changeFilters(filters, { q: '' });
  if (name === 'school_id') return changeFilters(filters, { school_id: null, department_id: null });
  return changeFilters(filters, { [name]: null });
}
