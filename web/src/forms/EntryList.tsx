import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';
import {
  type ArrayPath,
  type Control,
  type FieldArray,
  type FieldValues,
  useFieldArray,
} from 'react-hook-form';
import buttons from '../shell/buttons.module.css';
import { PlusIcon } from '../shell/screenIcons.tsx';
import styles from './EntryList.module.css';
import { type Direction, EntryRow } from './EntryRow.tsx';
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
  /**
   * A list that opens with more entries than this shows each as its summary, its fields behind
   * an Edit button: a thousand entries' fields would take seconds to show and slow every
   * keystroke (decision 0043). Needs `summary`.
   */
  collapseAfter?: number;
  /** An entry in a line: what it is called and a few of its details. */
  summary?(index: number): { title: string; detail: string };
  /** Whether an entry has a message to show: a collapsed one then opens. */
  hasError?(index: number): boolean;
  /** How many lines a collapsed list draws before "Show all"; open entries are drawn anyway. */
  pageSize?: number;
  /** The entry's fields; the list gives each entry its name, buttons and place. */
  children(index: number): ReactNode;
}

type Focus = { key: string; control: 'up' | 'down' } | { key: string; control: 'entry' } | 'add';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Where the open entries are after `entries.move(from, to)` of two neighbours. */
function swapped(open: Set<number>, from: number, to: number) {
  const next = new Set(open);
  next.delete(from);
  next.delete(to);
  if (open.has(from)) next.add(to);
  if (open.has(to)) next.add(from);
  return next;
}

/** Where the open entries are after `entries.remove(index)`. */
const without = (open: Set<number>, index: number) =>
  new Set([...open].flatMap((i) => (i === index ? [] : [i > index ? i - 1 : i])));

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
  collapseAfter = Number.POSITIVE_INFINITY,
  summary,
  hasError,
  pageSize = Number.POSITIVE_INFINITY,
  children,
}: EntryListProps<T, N, Out>) {
  const entries = useFieldArray({ control, name });
  // Decided once: entries must not fold away under the member when the list grows past the mark.
  const [collapsing] = useState(
    () => summary !== undefined && entries.fields.length > collapseAfter,
  );
  // By position, not by the field array's ids, which a reset (a save, an accepted import) renews.
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const isOpen = (index: number) => !collapsing || open.has(index) || Boolean(hasError?.(index));
  const [lines, setLines] = useState(pageSize);
  // An open entry is drawn wherever it is: one with a message, or one just added, is never hidden.
  const drawn = (index: number) => index < lines || isOpen(index);
  const hidden = collapsing ? entries.fields.filter((_, index) => !drawn(index)).length : 0;
  const toggle = (index: number) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(index)) next.add(index);
      return next;
    });
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
    setOpen((was) => swapped(new Set(was), index, to));
    // A line moved past the page is drawn, so that focus can follow it.
    if (to >= lines) setLines(to + 1);
    entries.move(index, to);
    say(`${capitalised(label(index))} moved to position ${to + 1} of ${entries.fields.length}.`);
  };

  const remove = (index: number) => {
    const next = entries.fields[index + 1] ?? entries.fields[index - 1];
    focus.current = next ? { key: next.id, control: 'entry' } : 'add';
    setOpen((was) => without(new Set(was), index));
    entries.remove(index);
    say(`${capitalised(label(index))} removed.`);
  };

  // The latest handlers behind stable functions, so that an unchanged EntryRow is not redrawn.
  const latest = useRef({ move, remove, toggle });
  latest.current = { move, remove, toggle };
  const onMove = useCallback(
    (index: number, to: number, direction: Direction) => latest.current.move(index, to, direction),
    [],
  );
  const onRemove = useCallback((index: number) => latest.current.remove(index), []);
  const onToggle = useCallback((index: number) => latest.current.toggle(index), []);

  const showAll = () => {
    const first = entries.fields.find((_, index) => !drawn(index));
    if (first) focus.current = { key: first.id, control: 'entry' };
    setLines(Number.POSITIVE_INFINITY);
  };

  const add = () => {
    if (entries.fields.length >= max) showNotice(limitMessage);
    else {
      // Open in the render that adds it, so that react-hook-form can focus its first field.
      setOpen((was) => new Set(was).add(entries.fields.length));
      entries.append(blank);
      say(`${capitalised(label(entries.fields.length))} added.`);
    }
  };

  return (
    <div className={styles.list}>
      {collapsing && (
        <p className={styles.count}>
          {entries.fields.length.toLocaleString('en-US')}{' '}
          {entries.fields.length === 1 ? 'entry' : 'entries'}: choose Edit to change one.
        </p>
      )}
      {entries.fields.length > 0 && (
        <ol ref={list} className={styles.entries}>
          {entries.fields.map((field, index) => {
            if (!drawn(index)) return null;
            const shown = isOpen(index);
            const line = collapsing && !shown ? summary?.(index) : undefined;
            return (
              <EntryRow
                key={field.id}
                id={field.id}
                index={index}
                label={label(index)}
                name={capitalised(label(index))}
                isFirst={index === 0}
                isLast={index === entries.fields.length - 1}
                reorder={reorder}
                layout={layout}
                collapsing={collapsing}
                body={shown ? children(index) : null}
                title={line?.title}
                detail={line?.detail}
                onMove={onMove}
                onRemove={onRemove}
                onToggle={onToggle}
              />
            );
          })}
        </ol>
      )}
      {hidden > 0 && (
        <button type="button" className={buttons.secondary} onClick={showAll}>
          Show all {entries.fields.length.toLocaleString('en-US')} entries
        </button>
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
