import type { ReactNode } from 'react';
import styles from './Field.module.css';
import { useFieldIds } from './fieldIds.ts';

/** What the control inside a shell spreads onto itself to be labelled, described and marked. */
interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
}

interface FieldShellProps {
  label: ReactNode;
  required?: boolean | undefined;
  description?: ReactNode;
  error?: string | null | undefined;
  /** SPEC §5's n/max counter beside the label, read out with the description. */
  counter?: { length: number; max: number } | undefined;
  className?: string | undefined;
  children(control: ControlProps): ReactNode;
}

/**
 * Every form field's frame: the label (with the required mark), the description, the error, and
 * the `aria-describedby` that ties them to the control, written once for every kind of control.
 */
export function FieldShell({
  label,
  required,
  description,
  error,
  counter,
  className,
  children,
}: FieldShellProps) {
  const ids = useFieldIds(Boolean(description), Boolean(error));
  const counterId = `${ids.id}-counter`;
  const describedBy =
    [ids.describedBy, counter && counterId].filter(Boolean).join(' ') || undefined;
  const labelElement = (
    <label htmlFor={ids.id} className={styles.label}>
      {label}
      {required && (
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      )}
    </label>
  );
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      {counter ? (
        <div className={styles.labelRow}>
          {labelElement}
          <span
            id={counterId}
            className={styles.counter}
            data-full={counter.length >= counter.max || undefined}
          >
            {counter.length}/{counter.max}
          </span>
        </div>
      ) : (
        labelElement
      )}
      {description && (
        <p id={ids.descriptionId} className={styles.description}>
          {description}
        </p>
      )}
      {children({
        id: ids.id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        'aria-required': required || undefined,
      })}
      {error && (
        <p id={ids.errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
