import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import styles from './Field.module.css';
import { useFieldIds } from './fieldIds.ts';

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'onChange' | 'onBlur'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  description?: ReactNode;
}

/** A labelled input bound to react-hook-form, its error announced through aria-describedby. */
export function TextField({
  label,
  registration,
  error,
  description,
  required,
  ...input
}: TextFieldProps) {
  const ids = useFieldIds(Boolean(description), Boolean(error));
  return (
    <div className={styles.field}>
      <label htmlFor={ids.id} className={styles.label}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      {description && (
        <p id={ids.descriptionId} className={styles.description}>
          {description}
        </p>
      )}
      <input
        id={ids.id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={ids.describedBy}
        {...input}
        {...registration}
      />
      {error && (
        <p id={ids.errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
