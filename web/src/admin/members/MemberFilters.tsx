import type { Department, MemberStanding, Named } from '@kindling/contract';
import { useCallback } from 'react';
import { SearchBox } from '../../lists/SearchBox.tsx';
import buttons from '../../shell/buttons.module.css';
import { Choice, namedOptions } from '../Choice.tsx';
import styles from './MembersSection.module.css';
import type { MemberFilterValues } from './membersApi.ts';
import { standingLabels } from './standingLabels.ts';

interface MemberFiltersProps {
  filters: MemberFilterValues;
  onChange(changes: Partial<MemberFilterValues>): void;
  roles: readonly Named[];
  schools: readonly Named[];
  departments: readonly Department[];
}

const toId = (value: string) => (value === '' ? null : Number(value));

/** Search by name or e-mail, then narrow by standing, role, school and department. */
export function MemberFilters({
  filters,
  onChange,
  roles,
  schools,
  departments,
}: MemberFiltersProps) {
  const search = useCallback((q: string) => onChange({ q }), [onChange]);

  const schoolDepartments =
    filters.schoolId === null
      ? departments
      : departments.filter((d) => d.school_id === filters.schoolId);
  const filtered =
    filters.q !== '' ||
    filters.status !== '' ||
    filters.roleId !== null ||
    filters.schoolId !== null ||
    filters.departmentId !== null;

  return (
    <search className={styles.filters}>
      <SearchBox
        className={styles.search}
        label="Search members"
        placeholder="Name or email"
        maxLength={100}
        value={filters.q}
        onSearch={search}
      />
      <Choice
        className={styles.select}
        label="Status"
        value={filters.status}
        any="Any status"
        options={Object.entries(standingLabels).map(([value, label]) => ({ value, label }))}
        onChange={(value) => onChange({ status: value as MemberStanding | '' })}
      />
      <Choice
        className={styles.select}
        label="Role"
        value={filters.roleId === null ? '' : String(filters.roleId)}
        any="Any role"
        options={namedOptions(roles)}
        onChange={(value) => onChange({ roleId: toId(value) })}
      />
      <Choice
        className={styles.select}
        label="School"
        value={filters.schoolId === null ? '' : String(filters.schoolId)}
        any="Any school"
        options={namedOptions(schools)}
        onChange={(value) => onChange({ schoolId: toId(value), departmentId: null })}
      />
      <Choice
        className={styles.select}
        label="Department"
        value={filters.departmentId === null ? '' : String(filters.departmentId)}
        any="Any department"
        options={namedOptions(schoolDepartments)}
        onChange={(value) => onChange({ departmentId: toId(value) })}
      />
      {filtered && (
        <button
          type="button"
          className={`${buttons.ghost} ${styles.clear}`}
          onClick={() =>
            onChange({ q: '', status: '', roleId: null, schoolId: null, departmentId: null })
          }
        >
          Clear filters
        </button>
      )}
    </search>
  );
}
