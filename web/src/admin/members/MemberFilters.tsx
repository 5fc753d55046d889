import type { Department, MemberStanding, Named } from '@kindling/contract';
import { useCallback } from 'react';
import { Choice, idValue, namedOptions, toId } from '../Choice.tsx';
import { FilterBar } from '../FilterBar.tsx';
import type { MemberFilterValues } from './membersApi.ts';
import { standingLabels } from './standingLabels.ts';

interface MemberFiltersProps {
  filters: MemberFilterValues;
  onChange(changes: Partial<MemberFilterValues>): void;
  roles: readonly Named[];
  schools: readonly Named[];
  departments: readonly Department[];
}

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
    <FilterBar
      search={{
        label: 'Search members',
        placeholder: 'Name or email',
        maxLength: 100,
        value: filters.q,
        onSearch: search,
      }}
      filtered={filtered}
      onClear={() =>
        onChange({ q: '', status: '', roleId: null, schoolId: null, departmentId: null })
      }
    >
      <Choice
        label="Status"
        value={filters.status}
        any="Any status"
        options={Object.entries(standingLabels).map(([value, label]) => ({ value, label }))}
        onChange={(value) => onChange({ status: value as MemberStanding | '' })}
      />
      <Choice
        label="Role"
        value={idValue(filters.roleId)}
        any="Any role"
        options={namedOptions(roles)}
        onChange={(value) => onChange({ roleId: toId(value) })}
      />
      <Choice
        label="School"
        value={idValue(filters.schoolId)}
        any="Any school"
        options={namedOptions(schools)}
        onChange={(value) => onChange({ schoolId: toId(value), departmentId: null })}
      />
      <Choice
        label="Department"
        value={idValue(filters.departmentId)}
        any="Any department"
        options={namedOptions(schoolDepartments)}
        onChange={(value) => onChange({ departmentId: toId(value) })}
      />
    </FilterBar>
  );
}
