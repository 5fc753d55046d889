import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useAnchoredPopup } from '../shell/anchoredPopup.ts';
import styles from './ComboBoxField.module.css';
import { useFieldIds } from './fieldIds.ts';

export interface ComboBoxItem {
  id: number;
  name: string;
}

interface ComboBoxClasses {
  field?: string | undefined;
  label?: string | undefined;
  description?: string | undefined;
  control?: string | undefined;
  input?: string | undefined;
  toggle?: string | undefined;
  popover?: string | undefined;
  list?: string | undefined;
  /** Marked `data-focused` while the keys or the pointer are on it, `data-selected` when chosen. */
  option?: string | undefined;
  empty?: string | undefined;
}

interface ComboBoxFieldProps<T extends ComboBoxItem> {
  label: string;
  description?: string;
  placeholder: string;
  /** The text typed, which the caller searches with. */
  inputValue: string;
  onInputChange(value: string): void;
  /** The matches for the text: the caller filters, the box only shows them. */
  items: readonly T[];
  selected: T | null;
  onSelect(item: T): void;
  /** What the open list says when nothing matches. */
  emptyMessage: string;
  /** Names a button at the input's end that opens and closes the list. */
  toggleLabel?: string;
  toggleIcon?: ReactNode;
  classes: ComboBoxClasses;
  /** More controls at the input's end, such as a clear button. */
  children?: ReactNode;
}

/**
 * A text box with a list of matches (WAI-ARIA APG combobox, list autocomplete, manual selection),
 * in a few hundred bytes where react-aria's costs some 60 KiB gzip
 * (docs/decisions/0015-page-weight-budgets.md). The list opens on focus and on typing; arrows move
 * through it, Enter chooses, Escape closes it; leaving the box puts back the chosen name.
 */
export function ComboBoxField<T extends ComboBoxItem>({
  label,
  description,
  placeholder,
  inputValue,
  onInputChange,
  items,
  selected,
  onSelect,
  emptyMessage,
  toggleLabel,
  toggleIcon,
  classes,
  children,
}: ComboBoxFieldProps<T>) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const ids = useFieldIds(Boolean(description), false);
  const listId = `${ids.id}-list`;
  const optionId = (index: number) => `${ids.id}-option-${index}`;
  const current = active < items.length ? active : -1;
  const listed = open && items.length > 0;

  useAnchoredPopup(open, popup, input, { offset: 6, align: 'stretch' });
  useEffect(() => {
    if (current >= 0)
      document.getElementById(optionId(current))?.scrollIntoView?.({ block: 'nearest' });
  });

  const choose = (item: T) => {
    onSelect(item);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = (by: 1 | -1) => {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        if (event.altKey) return;
      }
      if (items.length === 0) return;
      const from = open ? current : by === 1 ? -1 : items.length;
      setActive((from + by + items.length) % items.length);
    };
    switch (event.key) {
      case 'ArrowDown':
        return step(1);
      case 'ArrowUp':
        return step(-1);
      case 'Enter': {
        const item = open ? items[current] : undefined;
        if (item) {
          event.preventDefault();
          choose(item);
        }
        return;
      }
      case 'Escape':
        if (open) {
          // Closes the list, not the dialog the box may sit in.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        }
        return;
    }
  };

  return (
    <div className={classes.field}>
      <label htmlFor={ids.id} className={classes.label}>
        {label}
      </label>
      {description && (
        <p id={ids.descriptionId} className={classes.description}>
          {description}
        </p>
      )}
      <div className={classes.control}>
        <input
          ref={input}
          id={ids.id}
          className={classes.input}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={listed}
          aria-controls={listed ? listId : undefined}
          aria-activedescendant={listed && current >= 0 ? optionId(current) : undefined}
          aria-describedby={ids.describedBy}
          placeholder={placeholder}
          value={inputValue}
          onChange={(event) => {
            onInputChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
            const chosen = selected?.name ?? '';
            if (inputValue !== chosen) onInputChange(chosen);
          }}
          onKeyDown={onKeyDown}
        />
        {toggleLabel && (
          <button
            type="button"
            tabIndex={-1}
            className={classes.toggle}
            aria-label={toggleLabel}
            aria-expanded={listed}
            aria-controls={listed ? listId : undefined}
            // Keeps the focus in the box, whose blur would close the list again.
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => {
              input.current?.focus();
              setOpen((shown) => !shown);
            }}
          >
            {toggleIcon}
          </button>
        )}
        {children}
      </div>
      {open && (
        // With matches the popup is the list itself, so it is what scrolls: screen readers and
        // checkers then know it as the combo box's own, reached through the box's keys.
        <div
          ref={popup}
          popover="manual"
          {...(listed && { id: listId, role: 'listbox', 'aria-label': label })}
          className={`${styles.popover} ${classes.popover ?? ''} ${listed ? (classes.list ?? '') : ''}`}
        >
          {listed ? (
            items.map((item, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keys choose through the box, which keeps the focus
              <div
                key={item.id}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={item.id === selected?.id}
                className={classes.option}
                data-focused={index === current || undefined}
                data-selected={item.id === selected?.id || undefined}
                onPointerDown={(event) => event.preventDefault()}
                onPointerMove={() => setActive(index)}
                onClick={() => choose(item)}
              >
                {item.name}
              </div>
            ))
          ) : (
            <p className={classes.empty}>{emptyMessage}</p>
          )}
        </div>
      )}
    </div>
  );
}
