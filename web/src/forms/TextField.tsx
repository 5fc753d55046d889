import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import styles from './Field.module.css';
import { FieldShell } from './FieldShell.tsx';

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
  return (
    <FieldShell label={label} required={required} description={description} error={error}>
      {(control) => <input className={styles.input} {...control} {...input} {...registration} />}
    </FieldShell>
  );
}
