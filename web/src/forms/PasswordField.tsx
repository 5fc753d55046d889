import { type ReactNode, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import styles from './Field.module.css';
import { useFieldIds } from './fieldIds.ts';
import { EyeIcon, EyeOffIcon } from './formIcons.tsx';

interface PasswordFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  description?: ReactNode;
  autoComplete: 'current-password' | 'new-password';
  showLabel?: string;
  hideLabel?: string;
}

/** A password input with a show/hide toggle (SPEC §2), the toggle a pressed-state button. */
export function PasswordField({
  label,
  registration,
  error,
  description,
  autoComplete,
  showLabel = 'Show password',
  hideLabel = 'Hide password',
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const ids = useFieldIds(Boolean(description), Boolean(error));
  return (
    <div className={styles.field}>
      <label htmlFor={ids.id} className={styles.label}>
        {label}
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      </label>
      {description && (
        <div id={ids.descriptionId} className={styles.description}>
          {description}
        </div>
      )}
      <div className={styles.withToggle}>
        <input
          id={ids.id}
          className={styles.input}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          spellCheck={false}
          autoCapitalize="off"
          aria-invalid={error ? true : undefined}
          aria-required
          aria-describedby={ids.describedBy}
          {...registration}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-label={visible ? hideLabel : showLabel}
          aria-controls={ids.id}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
      {error && (
        <p id={ids.errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
