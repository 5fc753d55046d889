import type { ReactNode } from 'react';
import { SearchBox } from '../lists/SearchBox.tsx';
import buttons from '../shell/buttons.module.css';
import styles from './FilterBar.module.css';

interface FilterBarProps {
  /** The search box above the choices, debounced. */
  search: {
    label: string;
    placeholder: string;
    maxLength: number;
    value: string;
    onSearch(q: string): void;
  };
  /** Whether any filter narrows the list: "Clear filters" shows then. */
  filtered: boolean;
  onClear(): void;
  /** The choices. */
  children: ReactNode;
}

/** A console list's filters (members, ideas): the search, the choices, and Clear filters. */
export function FilterBar({ search, filtered, onClear, children }: FilterBarProps) {
  return (
    <search className={styles.filters}>
      <SearchBox className={styles.search} {...search} />
      {children}
      {filtered && (
        <button type="button" className={`${buttons.ghost} ${styles.clear}`} onClick={onClear}>
          Clear filters
        </button>
      )}
    </search>
  );
}
