import type { Department, MemberStanding, Named } from '@kindling/contract';
import { useCallback, useId } from 'react';
import fields from '../../forms/Field.module.css';
import { SearchBox } from '../../lists/SearchBox.tsx';
import { pickerName } from '../../lookups/pickable.ts';
import buttons from '../../shell/buttons.module.css';
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

interface ChoiceProps {
  label: string;
  value: string;
  onChange(value: string): void;
  options: readonly { value: string; label: string }[];
  everyone: string;
}

function Choice({ label, value, onChange, options, everyone }: ChoiceProps) {
  const id = useId();
  return (
    <div className={fields.field}>
      <label className={fields.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={`${fields.input} ${styles.select}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{everyone}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const named = (list: readonly Named[]) =>
  list.map((n) => ({ value: String(n.id), label: pickerName(n) }));
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
        label="Status"
        value={filters.status}
        everyone="Any status"
        options={Object.entries(standingLabels).map(([value, label]) => ({ value, label }))}
        onChange={(value) => onChange({ status: value as MemberStanding | '' })}
      />
      <Choice
        label="Role"
        value={filters.roleId === null ? '' : String(filters.roleId)}
        everyone="Any role"
        options={named(roles)}
        onChange={(value) => onChange({ roleId: toId(value) })}
      />
      <Choice
        label="School"
        value={filters.schoolId === null ? '' : String(filters.schoolId)}
        everyone="Any school"
        options={named(schools)}
        onChange={(value) => onChange({ schoolId: toId(value), departmentId: null })}
      />
      <Choice
        label="Department"
        value={filters.departmentId === null ? '' : String(filters.departmentId)}
        everyone="Any department"
        options={named(schoolDepartments)}
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
