import type { CaseManagerCandidate, Named } from '@kindling/contract';
import { useCallback } from 'react';
import { Choice, idValue, namedOptions, toId } from '../Choice.tsx';
import { FilterBar } from '../FilterBar.tsx';
import type { IdeaFilterValues, IdOrNone } from './ideasAdminApi.ts';

const toIdOrNone = (raw: string): IdOrNone => (raw === 'none' ? 'none' : toId(raw));
/** The entries, after "none" as a choice of its own. */
const withNone = (none: string, list: readonly Named[]) => [
  { value: 'none', label: none },
  ...namedOptions(list),
];

interface IdeaFiltersProps {
  filters: IdeaFilterValues;
  onChange(changes: Partial<IdeaFilterValues>): void;
  ipStatuses: readonly Named[];
  schools: readonly Named[];
  caseManagers: readonly CaseManagerCandidate[];
}

/** Search by title, then narrow by IP status, the author's school and the case manager. */
export function IdeaFilters({
  filters,
  onChange,
  ipStatuses,
  schools,
  caseManagers,
}: IdeaFiltersProps) {
  const search = useCallback((q: string) => onChange({ q }), [onChange]);

  const filtered =
    filters.q !== '' ||
    filters.ipStatusId !== null ||
    filters.schoolId !== null ||
    filters.caseManagerId !== null;

  return (
    <FilterBar
      search={{
        label: 'Search ideas',
        placeholder: 'Part of a title',
        maxLength: 200,
        value: filters.q,
        onSearch: search,
      }}
      filtered={filtered}
      onClear={() => onChange({ q: '', ipStatusId: null, schoolId: null, caseManagerId: null })}
    >
      <Choice
        label="IP status"
        value={idValue(filters.ipStatusId)}
        any="Any IP status"
        options={withNone('No IP status', ipStatuses)}
        onChange={(raw) => onChange({ ipStatusId: toIdOrNone(raw) })}
      />
      <Choice
        label="School"
        value={idValue(filters.schoolId)}
        any="Any school"
        options={namedOptions(schools)}
        onChange={(raw) => onChange({ schoolId: toId(raw) })}
      />
      <Choice
        label="Case manager"
        value={idValue(filters.caseManagerId)}
        any="Any or none"
        options={withNone('No case manager', caseManagers)}
        onChange={(raw) => onChange({ caseManagerId: toIdOrNone(raw) })}
      />
    </FilterBar>
  );
}
