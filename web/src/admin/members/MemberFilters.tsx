import type { Department, MemberStanding, Named } from '@kindling/contract';
import { useEffect, useId, useState } from 'react';
import fields from '../../forms/Field.module.css';
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

const SEARCH_DELAY_MS = 300;

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
  const searchId = useId();
  const [text, setText] = useState(filters.q);
  // The URL wins when it changes elsewhere (Clear filters, back button), but not over spaces the
  // member is still typing between words.
  useEffect(
    () => setText((current) => (current.trim() === filters.q ? current : filters.q)),
    [filters.q],
  );
  useEffect(() => {
    if (text.trim() === filters.q) return;
    const timer = setTimeout(() => onChange({ q: text.trim() }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, filters.q, onChange]);

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
      <div className={`${fields.field} ${styles.search}`}>
        <label className={fields.label} htmlFor={searchId}>
          Search members
        </label>
        <input
          id={searchId}
          type="search"
          className={fields.input}
          placeholder="Name or email"
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
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
