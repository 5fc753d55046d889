import type { CaseManagerCandidate, Named } from '@kindling/contract';
import { useCallback } from 'react';
import { SearchBox } from '../../lists/SearchBox.tsx';
import buttons from '../../shell/buttons.module.css';
import { Choice, namedOptions } from '../Choice.tsx';
import members from '../members/MembersSection.module.css';
import type { IdeaFilterValues, IdOrNone } from './ideasAdminApi.ts';

const idValue = (value: IdOrNone) => (value === null ? '' : String(value));
const toIdOrNone = (raw: string): IdOrNone =>
  raw === '' ? null : raw === 'none' ? 'none' : Number(raw);
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
    <search className={members.filters}>
      <SearchBox
        className={members.search}
        label="Search ideas"
        placeholder="Part of a title"
        maxLength={200}
        value={filters.q}
        onSearch={search}
      />
      <Choice
        className={members.select}
        label="IP status"
        value={idValue(filters.ipStatusId)}
        any="Any IP status"
        options={withNone('No IP status', ipStatuses)}
        onChange={(raw) => onChange({ ipStatusId: toIdOrNone(raw) })}
      />
      <Choice
        className={members.select}
        label="School"
        value={idValue(filters.schoolId)}
        any="Any school"
        options={namedOptions(schools)}
        onChange={(raw) => onChange({ schoolId: raw === '' ? null : Number(raw) })}
      />
      <Choice
        className={members.select}
        label="Case manager"
        value={idValue(filters.caseManagerId)}
        any="Any or none"
        options={withNone('No case manager', caseManagers)}
        onChange={(raw) => onChange({ caseManagerId: toIdOrNone(raw) })}
      />
      {filtered && (
        <button
          type="button"
          className={`${buttons.ghost} ${members.clear}`}
          onClick={() => onChange({ q: '', ipStatusId: null, schoolId: null, caseManagerId: null })}
        >
          Clear filters
        </button>
      )}
    </search>
  );
}
