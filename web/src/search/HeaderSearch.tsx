import { limits } from '@kindling/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../app/paths.ts';
import { useDebounced } from '../lists/useDebounced.ts';
import { useAnchoredPopup } from '../shell/anchoredPopup.ts';
import { SearchIcon } from '../shell/icons.tsx';
import { useTenant } from '../tenant/TenantContext.ts';
import styles from './HeaderSearch.module.css';
import { type QuickOption, quickOptions, stepActive } from './quickResults.ts';
import { fetchQuickSearch, searchKeys } from './searchApi.ts';
import { searchTarget } from './searchTarget.ts';

/** CONTRACT §7: quick results follow the typing sooner than a list's filters do. */
const QUICK_DEBOUNCE_MS = 200;

interface HeaderSearchProps {
  /** The field's id, which the header's `/` shortcut focuses. */
  id: string;
  /** Takes the focus as it mounts (the drawer opened by `/`). */
  autoFocus?: boolean;
}

/**
 * The header's search field (CONTRACT §7): an APG combobox whose list holds the first ideas and
 * people that match as the member types, grouped with their totals. The arrows move through
 * them, Enter opens the one marked or, with none marked, every result at /search; Escape closes
 * the list, and a second Escape empties the field.
 */
export function HeaderSearch({ id, autoFocus = false }: HeaderSearchProps) {
  const { branding } = useTenant();
  const labels = branding.navLabels;
  const navigate = useNavigate();
  const { search } = useLocation();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const base = useId();
  const listId = `${base}-list`;
  const optionId = (index: number) => `${base}-option-${index}`;

  const typed = text.trim();
  const q = useDebounced(typed, QUICK_DEBOUNCE_MS);
  const quick = useQuery({
    queryKey: searchKeys.quick(q),
    queryFn: ({ signal }) => fetchQuickSearch(q, { signal }),
    enabled: q !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const answer = typed === '' ? undefined : quick.data;
  const options = quickOptions(answer, typed);
  const current = active < options.length ? active : -1;
  const shown = open && typed !== '';
  const listed = shown && options.length > 0;

  useAnchoredPopup(shown, popup, input, { offset: 6, align: 'stretch' });

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (option: QuickOption | undefined) => {
    close();
    input.current?.blur();
    if (!option || option.kind === 'all') navigate(searchTarget(typed, search));
    else navigate(option.kind === 'idea' ? paths.idea(option.id) : paths.profile(option.id));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) setOpen(true);
        setActive(stepActive(current, options.length, event.key === 'ArrowDown' ? 1 : -1));
        return;
      }
      case 'Enter':
        event.preventDefault();
        if (typed !== '') go(listed ? options[current] : undefined);
        return;
      case 'Escape':
        if (shown) {
          // Closes the list, not the drawer the field may sit in.
          event.preventDefault();
          event.stopPropagation();
          close();
        } else if (text !== '') {
          event.preventDefault();
          event.stopPropagation();
          setText('');
        }
        return;
    }
  };

  const renderOption = (option: QuickOption, index: number) => (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keys choose through the field, which keeps the focus
    <div
      key={option.kind === 'all' ? 'all' : `${option.kind}-${option.id}`}
      id={optionId(index)}
      role="option"
      tabIndex={-1}
      aria-selected={index === current}
      className={option.kind === 'all' ? `${styles.option} ${styles.all}` : styles.option}
      data-focused={index === current || undefined}
      onPointerDown={(event) => event.preventDefault()}
      onPointerMove={() => setActive(index)}
      onClick={() => go(option)}
    >
      {option.kind === 'all' ? (
        <span className={styles.title}>See all results for “{option.q}”</span>
      ) : (
        <>
          <span className={styles.title}>{option.title}</span>
          {option.detail && <span className={styles.detail}>{option.detail}</span>}
        </>
      )}
    </div>
  );

  const group = (kind: 'idea' | 'person', label: string, total: number) => {
    const rows = options
      .map((option, index) => ({ option, index }))
      .filter(({ option }) => option.kind === kind);
    if (rows.length === 0) return null;
    const labelId = `${base}-${kind}`;
    return (
      // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are ARIA groups; a fieldset is a form's
      <div role="group" aria-labelledby={labelId} className={styles.group}>
        <div role="presentation" id={labelId} className={styles.groupLabel}>
          {label} <span className={styles.count}>{total}</span>
        </div>
        {rows.map(({ option, index }) => renderOption(option, index))}
      </div>
    );
  };

  const all = options.at(-1);
  return (
    <search className={styles.search}>
      <div className={styles.control}>
        <SearchIcon className={styles.icon} width={18} height={18} />
        <input
          ref={input}
          id={id}
          className={styles.input}
          type="text"
          role="combobox"
          aria-label="Search ideas and people"
          aria-autocomplete="list"
          aria-expanded={listed}
          aria-controls={listed ? listId : undefined}
          aria-activedescendant={listed && current >= 0 ? optionId(current) : undefined}
          aria-keyshortcuts="/"
          autoComplete="off"
          enterKeyHint="search"
          placeholder="Search ideas and people"
          maxLength={limits.searchText}
          value={text}
          {...(autoFocus && { 'data-autofocus': true })}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
        />
      </div>
      <span className="visually-hidden" role="status">
        {shown && answer
          ? `${answer.idea_count} ideas and ${answer.people_count} people found`
          : ''}
      </span>
      {shown && (
        // With results the popup is the listbox itself, so what scrolls is the combobox's own list.
        <div
          ref={popup}
          popover="manual"
          {...(listed && { id: listId, role: 'listbox', 'aria-label': 'Quick results' })}
          className={styles.popover}
          data-stale={quick.isPlaceholderData || undefined}
        >
          {listed && answer ? (
            <>
              {group('idea', labels.ideas, answer.idea_count)}
              {group('person', labels.people, answer.people_count)}
              {all && renderOption(all, options.length - 1)}
            </>
          ) : quick.isError && q === typed ? (
            <p className={styles.message}>{quick.error.message}</p>
          ) : answer && q === typed ? (
            <p className={styles.message}>No ideas or people match “{typed}”.</p>
          ) : (
            <p className={styles.message}>Searching…</p>
          )}
        </div>
      )}
    </search>
  );
}
