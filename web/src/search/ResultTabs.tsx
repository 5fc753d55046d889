import { type KeyboardEvent, useRef } from 'react';
import styles from './SearchPage.module.css';
import type { SearchTab } from './searchApi.ts';

interface ResultTabsProps {
  tabs: readonly { tab: SearchTab; label: string; count: number | undefined }[];
  selected: SearchTab;
  /** The one panel the tabs show; its id. */
  panelId: string;
  tabId(tab: SearchTab): string;
  onSelect(tab: SearchTab): void;
}

const countFormat = new Intl.NumberFormat('en-US');

/**
 * The results' tabs after the APG tabs pattern with automatic activation: one tab stop, the
 * arrows, Home and End move to another tab and show it.
 */
export function ResultTabs({ tabs, selected, panelId, tabId, onSelect }: ResultTabsProps) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = tabs.findIndex(({ tab }) => tab === selected);
    const to = {
      ArrowRight: (at + 1) % tabs.length,
      ArrowLeft: (at - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    const next = to === undefined ? undefined : tabs[to];
    if (!next) return;
    event.preventDefault();
    onSelect(next.tab);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(next.tab))}`)?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label="Results" className={styles.tabs}>
      {tabs.map(({ tab, label, count }) => (
        <button
          key={tab}
          id={tabId(tab)}
          type="button"
          role="tab"
          className={styles.tab}
          aria-selected={tab === selected}
          aria-controls={panelId}
          tabIndex={tab === selected ? 0 : -1}
          onClick={() => onSelect(tab)}
          onKeyDown={onKeyDown}
        >
          {label}{' '}
          {count === undefined ? (
            <span className={styles.tabCount} aria-hidden="true">
              …
            </span>
          ) : (
            <span className={styles.tabCount}>{countFormat.format(count)}</span>
          )}
        </button>
      ))}
    </div>
  );
}
