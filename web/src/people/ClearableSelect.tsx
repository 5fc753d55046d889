import { SelectField, type SelectOption } from '../forms/SelectField.tsx';

interface ClearableSelectProps {
  label: string;
  options: readonly SelectOption[];
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

/**
 * A labelled single choice from a list, with a button that empties it (SPEC §2 clearable selects).
 * An empty list says so instead of opening blank (SPEC §8).
 */
export function ClearableSelect({
  placeholder = 'Select…',
  clearable = true,
  ...field
}: ClearableSelectProps) {
  return <SelectField placeholder={placeholder} clearable={clearable} {...field} />;
}
