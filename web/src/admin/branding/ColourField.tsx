import { HEX_COLOUR, normaliseHex } from '@kindling/contract';
import { useEffect, useId, useState } from 'react';
import fields from '../../forms/Field.module.css';
import styles from './BrandingSection.module.css';

interface ColourFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
}

/** A native colour picker beside the same colour as hex text; either one sets it. */
export function ColourField({ label, value, onChange, error }: ColourFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [text, setText] = useState(value);
  // A pick, a reset or a reload replaces what is typed, unless it already means the same colour.
  useEffect(() => {
    setText((typed) => (HEX_COLOUR.test(typed) && normaliseHex(typed) === value ? typed : value));
  }, [value]);
  const typedValid = HEX_COLOUR.test(text.trim());

  return (
    <div className={`${fields.field} ${styles.colourField}`}>
      <label className={fields.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.colourControls}>
        <input
          type="color"
          className={styles.swatch}
          value={HEX_COLOUR.test(value) ? normaliseHex(value) : '#000000'}
          aria-label={`${label}: pick`}
          onChange={(event) => onChange(event.target.value)}
        />
        <input
          id={id}
          className={`${fields.input} ${styles.hex}`}
          value={text}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={!typedValid || Boolean(error) || undefined}
          aria-describedby={!typedValid || error ? errorId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            const typed = event.target.value.trim();
            if (HEX_COLOUR.test(typed)) onChange(normaliseHex(typed));
          }}
        />
      </div>
      {(!typedValid || error) && (
        <p id={errorId} className={fields.error}>
          {!typedValid ? 'Use #rgb or #rrggbb, e.g. #1d4ed8.' : error}
        </p>
      )}
    </div>
  );
}
