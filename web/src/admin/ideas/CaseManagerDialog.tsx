import type { AdminIdea } from '@kindling/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import fields from '../../forms/Field.module.css';
import { useDebounced } from '../../lists/useDebounced.ts';
import { FormDialog } from '../FormDialog.tsx';
import { caseManagersKey, fetchCaseManagers } from './ideasAdminApi.ts';

const NONE = '';

interface CaseManagerDialogProps {
  idea: AdminIdea;
  /** Resolves when saved; the dialog stays open, its buttons enabled again, if it throws. */
  onSave(caseManagerId: number | null): Promise<void>;
  onClose(): void;
}

/** Picks the idea's case manager among staff and administrators, or none. */
export function CaseManagerDialog({ idea, onSave, onClose }: CaseManagerDialogProps) {
  const searchId = useId();
  const choiceId = useId();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState(idea.case_manager ? String(idea.case_manager.id) : NONE);
  const q = useDebounced(text.trim());
  const candidates = useQuery({
    queryKey: caseManagersKey(q),
    queryFn: ({ signal }) => fetchCaseManagers(q, signal),
  });
  const options = (candidates.data ?? []).filter(
    (person) => person.id !== idea.principal_investigator.id,
  );
  const current = idea.case_manager;
  const currentListed = current === null || options.some((person) => person.id === current.id);

  return (
    <FormDialog
      title={<>Case manager of “{idea.title}”</>}
      onSave={() => onSave(chosen === NONE ? null : Number(chosen))}
      onClose={onClose}
    >
      <p className={fields.description}>
        Staff members and administrators can manage an idea: they may edit it like its author.
      </p>
      <div className={fields.field}>
        <label className={fields.label} htmlFor={searchId}>
          Find a person
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
      <div className={fields.field}>
        <label className={fields.label} htmlFor={choiceId}>
          Case manager
        </label>
        <select
          id={choiceId}
          className={`${fields.input} ${fields.nativeSelect}`}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          aria-busy={candidates.isFetching || undefined}
        >
          <option value={NONE}>No case manager</option>
          {!currentListed && current && <option value={String(current.id)}>{current.name}</option>}
          {options.map((person) => (
            <option key={person.id} value={String(person.id)}>
              {person.name} ({person.role_name})
            </option>
          ))}
        </select>
        {candidates.isSuccess && options.length === 0 && (
          <p className={fields.description} role="status">
            No staff member or administrator matches “{q}”.
          </p>
        )}
      </div>
    </FormDialog>
  );
}
