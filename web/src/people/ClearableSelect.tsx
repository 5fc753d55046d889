import { SelectField, type SelectFieldProps } from '../forms/SelectField.tsx';

/**
 * A labelled single choice from a list, with a button that empties it unless `clearable` is false
 * (SPEC §2 clearable selects).
 * An empty list says so instead of opening blank (SPEC §8).
 */
export function ClearableSelect({
  placeholder = 'Select…',
  clearable = true,
  ...field
}: SelectFieldProps) {
  return <SelectField placeholder={placeholder} clearable={clearable} {...field} />;
}
