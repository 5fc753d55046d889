import type { ReactNode } from 'react';
import buttons from '../../shell/buttons.module.css';
import styles from './ReferenceSection.module.css';
import { useNameForm } from './useNameForm.tsx';

interface AddFormProps {
  label: string;
  /** Fields before the name, such as the department's school. */
  before?: ReactNode;
  onAdd(name: string): Promise<void>;
}

/** A name and an Add button; a name already used is explained under the field. */
export function AddForm({ label, before, onAdd }: AddFormProps) {
  const form = useNameForm('', onAdd, () => form.setName(''));
  return (
    <form className={styles.add} onSubmit={form.onSubmit}>
      {before}
      <div className={styles.field}>
        <label htmlFor={`${form.ids}-name`} className={styles.label}>
          {label}
        </label>
        <input
          id={`${form.ids}-name`}
          className={styles.input}
          value={form.name}
          maxLength={100}
          required
          {...form.described}
          onChange={(event) => form.setName(event.target.value)}
        />
      </div>
      <button type="submit" className={buttons.primary} disabled={form.saving}>
        Add
      </button>
      {form.refusal}
    </form>
  );
}
