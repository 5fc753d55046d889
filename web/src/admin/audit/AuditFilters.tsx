import { type FormEvent, useEffect, useId, useState } from 'react';
import fields from '../../forms/Field.module.css';
import buttons from '../../shell/buttons.module.css';
import { Choice } from '../Choice.tsx';
import styles from './AuditSection.module.css';
import type { AuditFilterValues } from './auditApi.ts';

interface AuditFiltersProps {
  filters: AuditFilterValues;
  actions: readonly string[];
  onApply(filters: AuditFilterValues): void;
}

const empty: AuditFilterValues = { action: '', actor: '', from: '', to: '', q: '' };

/** The log's filters, applied together with one button so typing does not reload the list. */
export function AuditFilters({ filters, actions, onApply }: AuditFiltersProps) {
  const id = useId();
  const [draft, setDraft] = useState(filters);
  useEffect(() => setDraft(filters), [filters]);
  const set = (field: keyof AuditFilterValues) => (value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, actor: draft.actor.trim(), q: draft.q.trim() });
  };
  const filtered = Object.values(filters).some((value) => value !== '');

  return (
    <search>
      <form className={styles.filters} onSubmit={submit}>
        <div className={`${fields.field} ${styles.wide}`}>
          <label className={fields.label} htmlFor={`${id}-q`}>
            Search entries
          </label>
          <input
            id={`${id}-q`}
            type="search"
            className={fields.input}
            placeholder="A name, an email, a word"
            maxLength={100}
            value={draft.q}
            onChange={(event) => set('q')(event.target.value)}
          />
        </div>
        <Choice
          label="Action"
          value={draft.action}
          any="Any action"
          options={[...new Set([...actions, ...(draft.action ? [draft.action] : [])])].map(
            (action) => ({ value: action, label: action }),
          )}
          onChange={set('action')}
        />
        <div className={fields.field}>
          <label className={fields.label} htmlFor={`${id}-actor`}>
            Actor
          </label>
          <input
            id={`${id}-actor`}
            className={fields.input}
            placeholder="Email, or system"
            maxLength={100}
            value={draft.actor}
            onChange={(event) => set('actor')(event.target.value)}
          />
        </div>
        <div className={fields.field}>
          <label className={fields.label} htmlFor={`${id}-from`}>
            From
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className={fields.input}
            value={draft.from}
            max={draft.to || undefined}
            onChange={(event) => set('from')(event.target.value)}
          />
        </div>
        <div className={fields.field}>
          <label className={fields.label} htmlFor={`${id}-to`}>
            To
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className={fields.input}
            value={draft.to}
            min={draft.from || undefined}
            onChange={(event) => set('to')(event.target.value)}
          />
        </div>
        <div className={styles.buttons}>
          <button type="submit" className={buttons.primary}>
            Apply filters
          </button>
          {filtered && (
            <button type="button" className={buttons.ghost} onClick={() => onApply(empty)}>
              Clear
            </button>
          )}
        </div>
      </form>
    </search>
  );
}
