import { CloseIcon } from '../shell/icons.tsx';
import styles from './FilterChips.module.css';

export interface Chip {
  key: string;
  label: string;
}

interface FilterChipsProps {
  chips: readonly Chip[];
  onRemove(key: string): void;
  onClear(): void;
}

/** SPEC §2: every active filter as a removable chip, and a way to clear them all. */
export function FilterChips({ chips, onRemove, onClear }: FilterChipsProps) {
  if (chips.length === 0) return null;
  return (
    <div className={styles.bar}>
      <ul className={styles.chips} aria-label="Active filters">
        {chips.map(({ key, label }) => (
          <li key={key} className={styles.chip}>
            <span>{label}</span>
            <button
              type="button"
              className={styles.remove}
              aria-label={`Remove filter: ${label}`}
              onClick={() => onRemove(key)}
            >
              <CloseIcon width={14} height={14} />
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className={styles.clear} onClick={onClear}>
        Clear filters
      </button>
    </div>
  );
}
