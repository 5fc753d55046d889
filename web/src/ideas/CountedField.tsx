import type { IdeaInput } from '@kindling/contract';
import { type Control, type UseFormRegisterReturn, useWatch } from 'react-hook-form';
import fieldStyles from '../forms/Field.module.css';
import { useFieldIds } from '../forms/fieldIds.ts';
import styles from './IdeaForm.module.css';

type TextName = 'title' | 'introduction' | 'problem' | 'opportunity';

interface CountedFieldProps {
  name: TextName;
  label: string;
  max: number;
  control: Control<IdeaInput>;
  registration: UseFormRegisterReturn<TextName>;
  error: string | undefined;
  description?: string;
  required?: boolean;
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
}

/**
 * A text field with SPEC §5's counter (n/max). The input stops at the limit, so what the member
 * types past it is cut there rather than refused later.
 */
export function CountedField({
  name,
  label,
  max,
  control,
  registration,
  error,
  description,
  required = false,
  multiline = false,
  rows = 4,
  placeholder,
}: CountedFieldProps) {
  const value = useWatch({ control, name }) ?? '';
  const ids = useFieldIds(Boolean(description), Boolean(error));
  const counterId = `${ids.id}-counter`;
  const describedBy = [ids.describedBy, counterId].filter(Boolean).join(' ');
  const shared = {
    id: ids.id,
    className: fieldStyles.input,
    maxLength: max,
    placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy,
    ...registration,
  };
  return (
    <div className={fieldStyles.field}>
      <div className={styles.labelRow}>
        <label htmlFor={ids.id} className={fieldStyles.label}>
          {label}
          {required && (
            <span className={fieldStyles.required} aria-hidden="true">
              *
            </span>
          )}
        </label>
        <span
          id={counterId}
          className={styles.counter}
          data-full={value.length >= max || undefined}
        >
          {value.length}/{max}
        </span>
      </div>
      {description && (
        <p id={ids.descriptionId} className={fieldStyles.description}>
          {description}
        </p>
      )}
      {multiline ? (
        <textarea rows={rows} {...shared} className={`${fieldStyles.input} ${styles.textarea}`} />
      ) : (
        <input type="text" {...shared} />
      )}
      {error && (
        <p id={ids.errorId} className={fieldStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
