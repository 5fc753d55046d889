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
import fieldStyles from '../forms/Field.module.css';
import { ChevronDownIcon, CloseIcon } from '../shell/icons.tsx';
import styles from './ClearableSelect.module.css';

export interface Option {
  id: number;
  name: string;
}

interface ClearableSelectProps {
  label: string;
  options: readonly Option[];
  value: number | null;
  onChange(value: number | null): void;
  placeholder?: string;
  description?: string;
  error?: string | undefined;
  isDisabled?: boolean;
  isRequired?: boolean;
  /** Without it the choice can only be replaced, not emptied. */
  clearable?: boolean;
}

const toId = (key: Key | null) => (key === null ? null : Number(key));

/**
 * A labelled single choice from a list, with a button that empties it (SPEC §2 clearable selects).
 * An empty list says so instead of opening blank (SPEC §8).
 */
export function ClearableSelect({
  label,
  options,
  value,
  onChange,
  placeholder = 'Select…',
  description,
  error,
  isDisabled = false,
  isRequired = false,
  clearable = true,
}: ClearableSelectProps) {
  const known = value !== null && options.some((option) => option.id === value);
  return (
    <Select
      className={`${fieldStyles.field} ${styles.select}`}
      value={known ? value : null}
      onChange={(key) => onChange(toId(key as Key | null))}
      placeholder={placeholder}
      isDisabled={isDisabled}
      isRequired={isRequired}
      isInvalid={Boolean(error)}
      allowsEmptyCollection
    >
      <Label className={fieldStyles.label}>
        {label}
        {isRequired && (
          <span className={fieldStyles.required} aria-hidden="true">
            *
          </span>
        )}
      </Label>
      {description && (
        <Text slot="description" className={fieldStyles.description}>
          {description}
        </Text>
      )}
      <div className={styles.control}>
        <Button className={`${fieldStyles.input} ${styles.trigger}`}>
          <SelectValue className={styles.value} />
          <ChevronDownIcon className={styles.chevron} />
        </Button>
        {clearable && known && !isDisabled && (
          <button
            type="button"
            className={styles.clear}
            aria-label={`Clear ${label}`}
            onClick={() => onChange(null)}
          >
            <CloseIcon width={16} height={16} />
          </button>
        )}
      </div>
      {error && (
        <Text slot="errorMessage" className={fieldStyles.error}>
          {error}
        </Text>
      )}
      <Popover className={styles.popover} offset={6}>
        <ListBox
          className={styles.list}
          items={options}
          renderEmptyState={() => <p className={styles.empty}>No options available</p>}
        >
          {(option) => (
            <ListBoxItem className={styles.option} id={option.id} textValue={option.name}>
              {option.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
