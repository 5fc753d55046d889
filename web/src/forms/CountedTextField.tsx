import type { UseFormRegisterReturn } from 'react-hook-form';
import styles from './Field.module.css';
import { FieldShell } from './FieldShell.tsx';

interface CountedTextFieldProps {
  label: string;
  max: number;
  /** The text as it stands, watched by the form's section (this kit stays free of the form library). */
  value: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
  description?: string | undefined;
  required?: boolean;
  /** A text area of this many rows; a one-line input without it. */
  rows?: number;
  placeholder?: string | undefined;
}

/**
 * A text field or area with SPEC §5's counter (n/max). The control stops at the limit, so what
 * the member types past it is cut there rather than refused later.
 */
export function CountedTextField({
  label,
  max,
  value,
  registration,
  error,
  description,
  required = false,
  rows,
  placeholder,
}: CountedTextFieldProps) {
  return (
    <FieldShell
      label={label}
      required={required}
      description={description}
      error={error}
      counter={{ length: value.length, max }}
    >
      {(ids) =>
        rows ? (
          <textarea
            rows={rows}
            className={`${styles.input} ${styles.textarea}`}
            maxLength={max}
            placeholder={placeholder}
            {...ids}
            {...registration}
          />
        ) : (
          <input
            type="text"
            className={styles.input}
            maxLength={max}
            placeholder={placeholder}
            {...ids}
            {...registration}
          />
        )
      }
    </FieldShell>
  );
}
