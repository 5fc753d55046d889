import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { problemMessage } from '../../api/apiError.ts';
import buttons from '../../shell/buttons.module.css';
import styles from './ReferenceSection.module.css';

interface AddFormProps {
  label: string;
  /** Fields before the name, such as the department's school. */
  before?: ReactNode;
  onAdd(name: string): Promise<void>;
}

/** A name and an Add button; a name already used is explained under the field. */
export function AddForm({ label, before, onAdd }: AddFormProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const ids = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await onAdd(name);
      setName('');
    } catch (problem) {
      setError(problemMessage(problem));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className={styles.add} onSubmit={(event) => void submit(event)}>
      {before}
      <div className={styles.field}>
        <label htmlFor={`${ids}-name`} className={styles.label}>
          {label}
        </label>
        <input
          id={`${ids}-name`}
          className={styles.input}
          value={name}
          maxLength={100}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <button type="submit" className={buttons.primary} disabled={saving}>
        Add
      </button>
      {error && (
        <p id={`${ids}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
