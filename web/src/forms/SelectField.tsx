import { type Ref, useImperativeHandle, useRef } from 'react';
import type { Key } from 'react-aria-components/Select';
import {
  Button,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Text,
} from 'react-aria-components/Select';
import { ChevronDownIcon, CloseIcon } from '../shell/icons.tsx';
import styles from './Field.module.css';
import selectStyles from './SelectField.module.css';

export interface SelectOption {
  id: number;
  name: string;
}

interface SelectFieldProps {
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

/** A labelled single choice from a list of named ids, built on react-aria's Select. */
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
  const trigger = useRef<HTMLButtonElement>(null);
  useImperativeHandle(focusRef, () => ({ focus: () => trigger.current?.focus() }), []);
  const known = value !== null && options.some((option) => option.id === value);

  return (
    <Select
      className={`${styles.field} ${selectStyles.select}`}
      value={known ? value : null}
      onChange={(key: Key | null) => onChange(key === null ? null : Number(key))}
      placeholder={placeholder}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      allowsEmptyCollection
    >
      <Label className={styles.label}>
        {label}
        {isRequired && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </Label>
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <div className={selectStyles.control}>
        <Button ref={trigger} className={`${styles.input} ${selectStyles.trigger}`}>
          <SelectValue className={selectStyles.value} />
          <ChevronDownIcon className={selectStyles.chevron} />
        </Button>
        {clearable && known && !isDisabled && (
          <button
            type="button"
            className={selectStyles.clear}
            aria-label={`Clear ${label}`}
            onClick={() => {
              onChange(null);
              trigger.current?.focus();
            }}
          >
            <CloseIcon width={16} height={16} />
          </button>
        )}
      </div>
      {error && (
        <Text slot="errorMessage" className={styles.error}>
          {error}
        </Text>
      )}
      <Popover className={selectStyles.popover} offset={6}>
        <ListBox
          className={selectStyles.list}
          items={options}
          renderEmptyState={() => <p className={selectStyles.empty}>{emptyMessage}</p>}
        >
          {(option) => (
            <ListBoxItem className={selectStyles.option} id={option.id} textValue={option.name}>
              {option.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
