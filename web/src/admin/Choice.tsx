import type { Named } from '@kindling/contract';
import { useId } from 'react';
import fields from '../forms/Field.module.css';
import { pickerName } from '../lookups/pickable.ts';

export interface ChoiceOption {
  value: string;
  label: string;
}

/** Named entries as options, their ids the values; a deactivated one says so. */
export const namedOptions = (list: readonly Named[]): ChoiceOption[] =>
  list.map((n) => ({ value: String(n.id), label: pickerName(n) }));

/** An id filter's value in a select, where the empty value stands for no filter. */
export const idValue = (id: number | string | null) => (id === null ? '' : String(id));
export const toId = (value: string) => (value === '' ? null : Number(value));

interface ChoiceProps {
  label: string;
  value: string;
  onChange(value: string): void;
  options: readonly ChoiceOption[];
  /** The first option, of the empty value: what a filter says when it narrows nothing. */
  any?: string;
}

/** A labelled plain select: a filter of the console's lists, or a setting of the branding. */
export function Choice({ label, value, onChange, options, any }: ChoiceProps) {
  const id = useId();
  return (
    <div className={fields.field}>
      <label className={fields.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={`${fields.input} ${fields.nativeSelect}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {any !== undefined && <option value="">{any}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
