import { memo, type ReactNode } from 'react';
import buttons from '../shell/buttons.module.css';
import { ChevronDownIcon } from '../shell/icons.tsx';
import { ArrowDownIcon, ArrowUpIcon, TrashIcon } from '../shell/screenIcons.tsx';
import styles from './EntryList.module.css';

const moves = [
  { direction: 'up', step: -1, Icon: ArrowUpIcon },
  { direction: 'down', step: 1, Icon: ArrowDownIcon },
] as const;

export type Direction = (typeof moves)[number]['direction'];

interface EntryRowProps {
  id: string;
  index: number;
  /** "grant 3": names the entry's buttons. */
  label: string;
  /** "Grant 3": names the entry. */
  name: string;
  isFirst: boolean;
  isLast: boolean;
  reorder: boolean;
  layout: 'card' | 'row';
  /** Whether the entry has an Edit button that shows and hides its fields. */
  collapsing: boolean;
  /** The entry's fields; null while it is closed. */
  body: ReactNode;
  /** A closed entry's line. */
  title?: string | undefined;
  detail?: string | undefined;
  onMove(index: number, to: number, direction: Direction): void;
  onRemove(index: number): void;
  onToggle(index: number): void;
}

/**
 * One entry of an EntryList. Memoised: with its handlers stable and a closed entry's body null,
 * a change to one entry of a thousand redraws that entry only (decision 0043).
 */
export const EntryRow = memo(function EntryRow({
  id,
  index,
  label,
  name,
  isFirst,
  isLast,
  reorder,
  layout,
  collapsing,
  body,
  title,
  detail,
  onMove,
  onRemove,
  onToggle,
}: EntryRowProps) {
  const open = body !== null;
  const tools = (
    <div className={styles.tools}>
      {collapsing && (
        <button
          type="button"
          className={`${buttons.secondary} ${styles.toggle}`}
          aria-expanded={open}
          aria-label={`Edit ${label}`}
          onClick={() => onToggle(index)}
        >
          Edit
          <ChevronDownIcon width={16} height={16} aria-hidden="true" />
        </button>
      )}
      {reorder &&
        moves.map(({ direction, step, Icon }) => (
          <button
            key={direction}
            type="button"
            className={buttons.iconOnly}
            data-move={direction}
            aria-label={`Move ${label} ${direction}`}
            title={`Move ${direction}`}
            disabled={direction === 'up' ? isFirst : isLast}
            onClick={() => onMove(index, index + step, direction)}
          >
            <Icon width={18} height={18} />
          </button>
        ))}
      <button
        type="button"
        className={`${buttons.iconOnly} ${styles.remove}`}
        aria-label={`Remove ${label}`}
        title="Remove"
        onClick={() => onRemove(index)}
      >
        <TrashIcon width={18} height={18} />
      </button>
    </div>
  );
  return (
    <li className={layout === 'card' ? styles.card : undefined}>
      <fieldset data-entry={id} tabIndex={-1} className={styles.fieldset}>
        <legend className="visually-hidden">{name}</legend>
        {layout === 'card' ? (
          <>
            <div className={styles.head}>
              {collapsing && !open ? (
                <span className={styles.summary}>
                  <span className={styles.summaryTitle}>{title || name}</span>
                  {detail && <span className={styles.summaryDetail}>{detail}</span>}
                </span>
              ) : (
                <span className={styles.title} aria-hidden="true">
                  {name}
                </span>
              )}
              {tools}
            </div>
            {body}
          </>
        ) : (
          <div className={styles.row}>
            <div className={styles.rowFields}>{body}</div>
            {tools}
          </div>
        )}
      </fieldset>
    </li>
  );
});
