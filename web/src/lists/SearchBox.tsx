import { useEffect, useId, useState } from 'react';
import fields from '../forms/Field.module.css';
import { DEBOUNCE_MS } from './useDebounced.ts';

interface SearchBoxProps {
  label: string;
  placeholder: string;
  maxLength: number;
  /** The search the list shows now, from its URL. */
  value: string;
  onSearch(q: string): void;
  className?: string;
}

/**
 * A list's search box: the list follows the typing once it pauses. The timer is its own rather
 * than useDebounced's because a search changed elsewhere (Clear filters, a chip, the back button)
 * must cancel what was typed before it, which a settled value would apply again.
 */
export function SearchBox({
  label,
  placeholder,
  maxLength,
  value,
  onSearch,
  className,
}: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The URL wins when it changes elsewhere, but not over spaces still being typed between words.
  // It wins in the same render: set in an effect, the old text outlived it for a moment, long
  // enough on a busy phone for the timer below to search for it again and undo a removed chip.
  if (shown !== value) {
    setShown(value);
    if (text.trim() !== value) setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <div className={`${fields.field} ${className ?? ''}`}>
      <label className={fields.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={fields.input}
        placeholder={placeholder}
        value={text}
        maxLength={maxLength}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}
