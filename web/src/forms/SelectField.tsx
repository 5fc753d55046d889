import { type Ref, useImperativeHandle, useRef } from 'react';
import { pickerName } from '../lookups/pickable.ts';
import { ChevronDownIcon, CloseIcon } from '../shell/icons.tsx';
import styles from './Field.module.css';
import { useFieldIds } from './fieldIds.ts';
import selectStyles from './SelectField.module.css';

interface SelectOption {
  id: number;
  name: string;
  /** False for a deactivated entry, which is offered only while chosen and says so. */
  is_active?: boolean | undefined;
}

export interface SelectFieldProps {
  label: string;
  options: readonly SelectOption[];
  value: number | null;
  onChange(value: number | null): void;
  placeholder?: string;
  description?: string;
  error?: string | undefined;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** Offers a button that empties the choice. */
  clearable?: boolean;
  /** What the open list says when it has no options (SPEC §8). */
  emptyMessage?: string;
  /** Receives `focus()`, which react-hook-form calls on an invalid field. */
  focusRef?: Ref<{ focus(): void }>;
}

/**
 * A labelled single choice from a list of named ids, on the native <select>: the platform's own
 * picker (a sheet on phones) for no script at all (docs/decisions/0015-page-weight-budgets.md).
 * The placeholder is the empty choice, which only a clearable field lets one pick again.
 */
export function SelectField({
  label,
  options,
  value,
  onChange,
  placeholder = 'Select an option',
  description,
  error,
  isRequired = false,
  isDisabled = false,
  clearable = false,
  emptyMessage = 'No options available',
  focusRef,
}: SelectFieldProps) {
  const select = useRef<HTMLSelectElement>(null);
  useImperativeHandle(focusRef, () => ({ focus: () => select.current?.focus() }), []);
  const ids = useFieldIds(Boolean(description), Boolean(error));
  const chosen = value === null ? undefined : options.find((option) => option.id === value);
  const known = chosen !== undefined;
  // The select cuts a long name on a phone, so the mark in it may not show: the note says it too.
  const retired = chosen?.is_active === false;
  const noteId = `${ids.id}-retired`;
  const describedBy = [ids.describedBy, retired && noteId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={styles.field}>
      <label htmlFor={ids.id} className={styles.label}>
        {label}
        {isRequired && (
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
      <div className={selectStyles.control}>
        <select
          ref={select}
          id={ids.id}
          className={`${styles.input} ${selectStyles.select}`}
          value={known ? String(value) : ''}
          onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
          disabled={isDisabled}
          aria-invalid={error ? true : undefined}
          aria-required={isRequired || undefined}
          aria-describedby={describedBy}
          data-empty={known ? undefined : ''}
          data-clearable={clearable && known && !isDisabled ? '' : undefined}
        >
          {(clearable || !known) && (
            <option value="" disabled={!clearable}>
              {placeholder}
            </option>
          )}
          {options.length === 0 && (
            <option value="" disabled>
              {emptyMessage}
            </option>
          )}
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {pickerName(option)}
            </option>
          ))}
        </select>
        <ChevronDownIcon className={selectStyles.chevron} />
        {clearable && known && !isDisabled && (
          <button
            type="button"
            className={selectStyles.clear}
            aria-label={`Clear ${label}`}
            onClick={() => {
              onChange(null);
              select.current?.focus();
            }}
          >
            <CloseIcon width={16} height={16} />
          </button>
        )}
      </div>
      {retired && (
        <p id={noteId} className={styles.description}>
          No longer offered: you can keep it or choose another.
        </p>
      )}
      {error && (
        <p id={ids.errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
