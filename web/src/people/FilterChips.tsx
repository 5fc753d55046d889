import buttons from '../shell/buttons.module.css';
import { CloseIcon } from '../shell/icons.tsx';
import { usePersisted } from '../state/usePersisted.ts';
import styles from './PeoplePage.module.css';
import {
  activeFilterNames,
  changeFilters,
  type FilterName,
  type PeopleFilters,
} from './peopleFilters.ts';

interface FilterChipsProps {
  filters: PeopleFilters;
  personName: string | null;
  onChange(filters: PeopleFilters): void;
  onClear(): void;
}

const kinds: Record<FilterName, string> = {
  role_id: 'Role',
  school_id: 'School',
  department_id: 'Department',
  user_id: 'Person',
};

/** One chip per active filter, each removable, and a button that clears them all. */
export function FilterChips({ filters, personName, onChange, onClear }: FilterChipsProps) {
  const roles = usePersisted('roles');
  const schools = usePersisted('schools');
  const departments = usePersisted('departments');
  const names = activeFilterNames(filters);
  if (names.length === 0) return null;

  const lists = { role_id: roles, school_id: schools, department_id: departments };
  // A name not loaded yet (reference data, the person's name) shows as an ellipsis meanwhile.
  const nameOf = (name: FilterName, id: number): string =>
    name === 'user_id'
      ? (personName ?? '…')
      : (lists[name].find((item) => item.id === id)?.name ?? '…');
  const remove = (name: FilterName): PeopleFilters => {
    // A school's department goes with it, as choosing another school would drop it.
    if (name === 'school_id')
      return changeFilters(filters, { school_id: null, department_id: null });
    return changeFilters(filters, { [name]: null });
  };

  return (
    <div className={styles.chips}>
      <h2 className="visually-hidden">Active filters</h2>
      <ul className={styles.chipList}>
        {names.map((name) => {
          const label = `${kinds[name]}: ${nameOf(name, filters[name] as number)}`;
          return (
            <li key={name} className={styles.chip}>
              <span>{label}</span>
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={`Remove filter ${label}`}
                onClick={() => onChange(remove(name))}
              >
                <CloseIcon width={14} height={14} />
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" className={`${buttons.ghost} ${styles.clearAll}`} onClick={onClear}>
        Clear filters
      </button>
    </div>
  );
}
