import {
  type ClipboardEvent,
  type KeyboardEvent,
  type Ref,
  useId,
  useImperativeHandle,
  useRef,
} from 'react';
import styles from './CodeInput.module.css';
import fieldStyles from './Field.module.css';

interface CodeInputProps {
  label: string;
  /** The digits so far; a blank position is a space, so '12 4' has its third digit missing. */
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  length?: number;
  /** Receives `focus()`, which focuses the first box (react-hook-form focuses invalid fields). */
  focusRef?: Ref<{ focus(): void }>;
}

const digitsIn = (text: string) => text.replace(/\D/g, '');

/**
 * A confirmation code as single-digit boxes (SPEC §5): typing moves on, Backspace moves back,
 * arrows move between boxes, and pasting (or the browser's one-time-code autofill) fills them all.
 */
export function CodeInput({ label, value, onChange, error, length = 6, focusRef }: CodeInputProps) {
  const id = useId();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length }, (_, i) => {
    const character = value.charAt(i);
    return /\d/.test(character) ? character : '';
  });

  useImperativeHandle(focusRef, () => ({ focus: () => boxes.current[0]?.focus() }), []);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  const commit = (next: string[]) =>
    onChange(
      next
        .map((d) => d || ' ')
        .join('')
        .trimEnd(),
    );

  /** Writes `typed` from box `index` on, and moves to the box after the last digit written. */
  const fill = (index: number, typed: string) => {
    const next = [...digits];
    const incoming = digitsIn(typed).slice(0, length - index);
    incoming.split('').forEach((digit, offset) => {
      next[index + offset] = digit;
    });
    commit(next);
    focusBox(index + incoming.length);
  };

  const onInput = (index: number, text: string) => {
    if (text === '') {
      const next = [...digits];
      next[index] = '';
      commit(next);
      return;
    }
    const typed = digitsIn(text);
    if (typed.length === 0) return;
    // Typing into a box that holds a digit gives both digits; keep the one just typed.
    const old = digits[index];
    const fresh =
      old && typed.length === 2 ? (typed[0] === old ? typed.slice(1) : typed[0]) : typed;
    fill(index, fresh ?? typed);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      commit(next);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = digitsIn(event.clipboardData.getData('text'));
    if (pasted.length === 0) return;
    event.preventDefault();
    // A whole code pasted anywhere fills from the first box.
    fill(pasted.length >= length ? 0 : index, pasted);
  };

  const errorId = `${id}-error`;
  return (
    <fieldset
      className={`${fieldStyles.field} ${styles.fieldset}`}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className={`${fieldStyles.label} ${styles.legend}`}>{label}</legend>
      <div className={styles.boxes}>
        {digits.map((digit, index) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are fixed positions
            key={index}
            ref={(box) => {
              boxes.current[index] = box;
            }}
            className={`${fieldStyles.input} ${styles.box}`}
            value={digit}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${index + 1} of ${length}`}
            aria-invalid={error && !digit ? true : undefined}
            onChange={(event) => onInput(index, event.target.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
      {error && (
        <p id={errorId} className={fieldStyles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
