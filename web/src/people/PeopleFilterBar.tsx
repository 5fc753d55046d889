import { limits } from '@kindling/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { SearchBox } from '../lists/SearchBox.tsx';
import { pickable } from '../lookups/pickable.ts';
import buttons from '../shell/buttons.module.css';
import { ChevronDownIcon } from '../shell/icons.tsx';
import { usePersisted } from '../state/usePersisted.ts';
import { ClearableSelect } from './ClearableSelect.tsx';
import styles from './PeoplePage.module.css';
import { PersonPicker } from './PersonPicker.tsx';
import { type PersonOption, peopleKeys } from './peopleApi.ts';
import {
  activeFilterNames,
  changeFilters,
  type PeopleFilters,
  type SortOrder,
  withDepartment,
  withSchool,
} from './peopleFilters.ts';

const BEST_MATCH = 3;
const byName = [
  { id: 1, name: 'Name, A to Z' },
  { id: 2, name: 'Name, Z to A' },
];
/** With a keyword the directory can also be in the order of the best matches (CONTRACT §7). */
const sortOptions = (keyword: boolean) =>
  keyword ? [{ id: BEST_MATCH, name: 'Best match' }, ...byName] : byName;

/** The select's choice: null is the default order, best match with a keyword, else A to Z. */
function sortOf(id: number | null, keyword: boolean): SortOrder | null {
  if (id === 2) return 'desc';
  if (id === 1 && keyword) return 'asc';
  return null;
}

function sortChoice(order: SortOrder | null, keyword: boolean): number {
  if (order === 'desc') return 2;
  return order === null && keyword ? BEST_MATCH : 1;
}

interface PeopleFilterBarProps {
  filters: PeopleFilters;
  selectedPerson: PersonOption | null;
  onChange(filters: PeopleFilters): void;
  /** The keyword typed, once the typing pauses. */
  onKeyword(q: string): void;
}

/**
 * The directory's filters (SPEC §2): role, school, department of the school, person, and order.
 * On a phone they fold behind a button, leaving the chips and the people in view.
 */
export function PeopleFilterBar({
  filters,
  selectedPerson,
  onChange,
  onKeyword,
}: PeopleFilterBarProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const active = activeFilterNames(filters).length;
  const keyword = filters.q !== '';
  const roles = usePersisted('roles');
  const schools = usePersisted('schools');
  const departments = usePersisted('departments');
  const offered = pickable(departments, [filters.department_id]);
  const schoolDepartments =
    filters.school_id === null
      ? offered
      : offered.filter((department) => department.school_id === filters.school_id);

  return (
    <search className={styles.search} aria-label="Filter people">
      <SearchBox
        className={styles.keyword}
        label="Keyword"
        placeholder="Search people by name, topic or expertise"
        maxLength={limits.searchText}
        value={filters.q}
        onSearch={onKeyword}
      />
      <button
        type="button"
        className={`${buttons.secondary} ${styles.filterToggle}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
      >
        {active > 0 ? `Filters (${active})` : 'Filters'}
        <ChevronDownIcon className={styles.toggleChevron} />
      </button>
      <div id={panelId} className={styles.filters} data-open={open || undefined}>
        <ClearableSelect
          label="Role"
          placeholder="Any role"
          options={roles}
          value={filters.role_id}
          onChange={(role_id) => onChange(changeFilters(filters, { role_id }))}
        />
        <ClearableSelect
          label="School"
          placeholder="Any school"
          options={pickable(schools, [filters.school_id])}
          value={filters.school_id}
          onChange={(id) => onChange(withSchool(filters, id, departments))}
        />
        <ClearableSelect
          label="Department"
          placeholder="Any department"
          options={schoolDepartments}
          value={filters.department_id}
          onChange={(id) => onChange(withDepartment(filters, id, departments))}
        />
        <PersonPicker
          filters={filters}
          selected={selectedPerson}
          onChange={(person) => {
            // The chip and the box name the person at once, without asking the server again.
            if (person) queryClient.setQueryData(peopleKeys.person(person.id), person.name);
            onChange(changeFilters(filters, { user_id: person?.id ?? null }));
          }}
        />
        <ClearableSelect
          label="Sort by"
          options={sortOptions(keyword)}
          value={sortChoice(filters.sort_order, keyword)}
          clearable={false}
          onChange={(id) => onChange(changeFilters(filters, { sort_order: sortOf(id, keyword) }))}
        />
      </div>
    </search>
  );
}
