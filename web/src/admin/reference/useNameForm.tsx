import { type FormEvent, useId, useState } from 'react';
import { problemMessage } from '../../api/apiError.ts';
import styles from './ReferenceSection.module.css';

/**
 * An entry's name being added or renamed: the draft, the send, and a refusal (a name already
 * used) shown under the field, which it describes.
 */
export function useNameForm(
  initial: string,
  send: (name: string) => Promise<void>,
  saved: () => void,
) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const ids = useId();
  const errorId = `${ids}-error`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await send(name);
      saved();
    } catch (problem) {
      setError(problemMessage(problem));
    } finally {
      setSaving(false);
    }
  };
  return {
    ids,
    name,
    setName,
    saving,
    onSubmit: (event: FormEvent) => void submit(event),
    /** The input's state: invalid, and described by the refusal, while there is one. */
    described: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : undefined,
    },
    refusal: error && (
      <p id={errorId} className={styles.error} role="alert">
        {error}
      </p>
    ),
  };
}
