import type { CaseManagerCandidate, Named } from '@kindling/contract';
import { useCallback, useId } from 'react';
import fields from '../../forms/Field.module.css';
import { SearchBox } from '../../lists/SearchBox.tsx';
import { pickerName } from '../../lookups/pickable.ts';
import buttons from '../../shell/buttons.module.css';
import members from '../members/MembersSection.module.css';
import type { IdeaFilterValues, IdOrNone } from './ideasAdminApi.ts';

interface ChoiceProps {
  label: string;
  value: IdOrNone;
  onChange(value: IdOrNone): void;
  options: readonly Named[];
  any: string;
  /** Offers "none" as a choice, labelled so. */
  none?: string;
}

function Choice({ label, value, onChange, options, any, none }: ChoiceProps) {
  const id = useId();
  return (
    <div className={fields.field}>
      <label className={fields.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={`${fields.input} ${members.select}`}
        value={value === null ? '' : String(value)}
        onChange={(event) => {
          const raw = event.target.value;
          onChange(raw === '' ? null : raw === 'none' ? 'none' : Number(raw));
        }}
      >
        <option value="">{any}</option>
        {none && <option value="none">{none}</option>}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {pickerName(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

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
        label="IP status"
        value={filters.ipStatusId}
        any="Any IP status"
        none="No IP status"
        options={ipStatuses}
        onChange={(ipStatusId) => onChange({ ipStatusId })}
      />
      <Choice
        label="School"
        value={filters.schoolId}
        any="Any school"
        options={schools}
        onChange={(schoolId) => onChange({ schoolId: schoolId === 'none' ? null : schoolId })}
      />
      <Choice
        label="Case manager"
        value={filters.caseManagerId}
        any="Any or none"
        none="No case manager"
        options={caseManagers}
        onChange={(caseManagerId) => onChange({ caseManagerId })}
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
