import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import {
  type ArrayPath,
  type Control,
  type FieldArray,
  type FieldValues,
  useFieldArray,
} from 'react-hook-form';
import buttons from '../shell/buttons.module.css';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from '../shell/screenIcons.tsx';
import styles from './EntryList.module.css';
import { useLimitNotice } from './useLimitNotice.ts';

interface EntryListProps<T extends FieldValues, N extends ArrayPath<T>, Out> {
  control: Control<T, unknown, Out>;
  name: N;
  /** One entry in words, lower case ("grant"): it names each entry and its buttons. */
  noun: string;
  /** What a new entry starts as. */
  blank: FieldArray<T, N>;
  max: number;
  /** Shown for a while when asked for an entry past `max`. */
  limitMessage: string;
  addLabel: string;
  /** Move up and down buttons; without them the order is not the member's to choose. */
  reorder?: boolean;
  /** `card`: a titled box per entry, for entries of several fields; `row`: fields then buttons. */
  layout?: 'card' | 'row';
  /** A failure of the list as a whole, such as too many entries. */
  error?: string | undefined;
  /** The entry's fields; the list gives each entry its name, buttons and place. */
  children(index: number): ReactNode;
}

type Focus = { key: string; control: 'up' | 'down' } | { key: string; control: 'entry' } | 'add';

const moves = [
  { direction: 'up', step: -1, Icon: ArrowUpIcon },
  { direction: 'down', step: 1, Icon: ArrowDownIcon },
] as const;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A list of entries to add, edit, remove and reorder (react-hook-form's field array), the one
 * shape for every repeated part of a form. Focus stays where the member is: on the moved entry's
 * button after a move, on the next entry (else the previous, else Add) after a removal; each
 * change is also said in words through a status region.
 */
export function EntryList<T extends FieldValues, N extends ArrayPath<T>, Out>({
  control,
  name,
  noun,
  blank,
  max,
  limitMessage,
  addLabel,
  reorder = true,
  layout = 'card',
  error,
  children,
}: EntryListProps<T, N, Out>) {
  const entries = useFieldArray({ control, name });
  const [notice, showNotice] = useLimitNotice();
  const [said, say] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focus = useRef<Focus | null>(null);
  const label = (index: number) => `${noun} ${index + 1}`;

  useLayoutEffect(() => {
    const target = focus.current;
    if (!target) return;
    focus.current = null;
    if (target === 'add') {
      addButton.current?.focus();
      return;
    }
    const entry = list.current?.querySelector<HTMLElement>(`[data-entry="${target.key}"]`);
    if (target.control === 'entry') {
      entry?.focus();
      return;
    }
    const wanted = entry?.querySelector<HTMLButtonElement>(`[data-move="${target.control}"]`);
    const other = entry?.querySelector<HTMLButtonElement>(
      `[data-move="${target.control === 'up' ? 'down' : 'up'}"]`,
    );
    (wanted?.disabled ? other : wanted)?.focus();
  });

  const move = (index: number, to: number, control: 'up' | 'down') => {
    const key = entries.fields[index]?.id;
    if (key === undefined) return;
    focus.current = { key, control };
    entries.move(index, to);
    say(`${capitalised(label(index))} moved to position ${to + 1} of ${entries.fields.length}.`);
  };

  const remove = (index: number) => {
    const next = entries.fields[index + 1] ?? entries.fields[index - 1];
    focus.current = next ? { key: next.id, control: 'entry' } : 'add';
    entries.remove(index);
    say(`${capitalised(label(index))} removed.`);
  };

  const add = () => {
    if (entries.fields.length >= max) showNotice(limitMessage);
    else {
      entries.append(blank);
      say(`${capitalised(label(entries.fields.length))} added.`);
    }
  };

  return (
    <div className={styles.list}>
      {entries.fields.length > 0 && (
        <ol ref={list} className={styles.entries}>
          {entries.fields.map((field, index) => {
            const name = capitalised(label(index));
            const tools = (
              <div className={styles.tools}>
                {reorder &&
                  moves.map(({ direction, step, Icon }) => (
                    <button
                      key={direction}
                      type="button"
                      className={buttons.iconOnly}
                      data-move={direction}
                      aria-label={`Move ${label(index)} ${direction}`}
                      title={`Move ${direction}`}
                      disabled={entries.fields[index + step] === undefined}
                      onClick={() => move(index, index + step, direction)}
                    >
                      <Icon width={18} height={18} />
                    </button>
                  ))}
                <button
                  type="button"
                  className={`${buttons.iconOnly} ${styles.remove}`}
                  aria-label={`Remove ${label(index)}`}
                  title="Remove"
                  onClick={() => remove(index)}
                >
                  <TrashIcon width={18} height={18} />
                </button>
              </div>
            );
            return (
              <li key={field.id} className={layout === 'card' ? styles.card : undefined}>
                <fieldset data-entry={field.id} tabIndex={-1} className={styles.fieldset}>
                  <legend className="visually-hidden">{name}</legend>
                  {layout === 'card' ? (
                    <>
                      <div className={styles.head}>
                        <span className={styles.title} aria-hidden="true">
                          {name}
                        </span>
                        {tools}
                      </div>
                      {children(index)}
                    </>
                  ) : (
                    <div className={styles.row}>
                      <div className={styles.rowFields}>{children(index)}</div>
                      {tools}
                    </div>
                  )}
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      {error && <p className={styles.error}>{error}</p>}
      <div className={styles.addRow}>
        <button ref={addButton} type="button" className={buttons.secondary} onClick={add}>
          <PlusIcon width={18} height={18} />
          {addLabel}
        </button>
        <p role="status" className={styles.notice}>
          {notice}
        </p>
      </div>
      <p role="status" className="visually-hidden">
        {said}
      </p>
    </div>
  );
}
