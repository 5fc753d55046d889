import { limits } from '@kindling/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { isApiError } from '../api/apiError.ts';
import { EmptyState, ListMessage } from '../ideas/EmptyState.tsx';
import { IdeaGrid, IdeaGridSkeleton } from '../ideas/IdeaGrid.tsx';
import { Pager } from '../lists/Pager.tsx';
import { SearchBox } from '../lists/SearchBox.tsx';
import { useBackToFirstPage } from '../lists/useBackToFirstPage.ts';
import { useUrlState } from '../lists/useUrlState.ts';
import { PersonCard } from '../people/PersonCard.tsx';
import { SearchIcon } from '../shell/icons.tsx';
import { Screen } from '../shell/Screen.tsx';
import { useTenant } from '../tenant/TenantContext.ts';
import { ResultTabs } from './ResultTabs.tsx';
import styles from './SearchPage.module.css';
import {
  fetchIdeaResults,
  fetchPeopleResults,
  fetchQuickSearch,
  type SearchTab,
  searchKeys,
} from './searchApi.ts';
import { searchUrl } from './searchUrl.ts';

/**
 * /search (CONTRACT §7): every idea and every person that match a keyword, on two tabs with
 * their totals, a page at a time, each result with the words that matched marked.
 */
export function SearchPage() {
  const { branding } = useTenant();
  const labels = branding.navLabels;
  const { page, filters, setFilters } = useUrlState(searchUrl);
  const q = filters.q.trim();
  const tab = filters.type;
  const base = useId();
  const panelId = `${base}-panel`;
  const tabId = (of: SearchTab) => `${base}-${of}`;

  // The header's quick answer for the same words holds both totals, and is often cached already.
  const totals = useQuery({
    queryKey: searchKeys.quick(q),
    queryFn: ({ signal }) => fetchQuickSearch(q, { signal }),
    enabled: q !== '',
    staleTime: 30_000,
  });
  const ideas = useQuery({
    queryKey: searchKeys.page('ideas', q, page),
    queryFn: ({ signal }) => fetchIdeaResults(q, page, { signal }),
    enabled: q !== '' && tab === 'ideas',
    placeholderData: keepPreviousData,
  });
  const people = useQuery({
    queryKey: searchKeys.page('people', q, page),
    queryFn: ({ signal }) => fetchPeopleResults(q, page, { signal }),
    enabled: q !== '' && tab === 'people',
    placeholderData: keepPreviousData,
  });
  const shown = tab === 'ideas' ? ideas : people;
  const notFoundPastFirst = page > 1 && isApiError(shown.error, 'NOT_FOUND');
  useBackToFirstPage(notFoundPastFirst);

  const countOf = (of: SearchTab): number | undefined => {
    if (totals.data) return of === 'ideas' ? totals.data.idea_count : totals.data.people_count;
    return of === tab ? shown.data?.total_count : undefined;
  };
  const tabs = [
    { tab: 'ideas', label: labels.ideas, count: countOf('ideas') },
    { tab: 'people', label: labels.people, count: countOf('people') },
  ] as const;

  const empty = (
    <EmptyState icon={<SearchIcon width={28} height={28} />} title={`No ${tab} match “${q}”`}>
      <p>Check the spelling, or try fewer or other words.</p>
    </EmptyState>
  );

  const results = () => {
    if (shown.isError && !notFoundPastFirst)
      return <ListMessage>{shown.error.message}</ListMessage>;
    if (tab === 'ideas') {
      if (!ideas.data) return <IdeaGridSkeleton />;
      if (ideas.data.ideas.length === 0) return empty;
      return (
        <>
          <IdeaGrid ideas={ideas.data.ideas} stale={ideas.isPlaceholderData} label="Ideas found" />
          <Pager page={ideas.data.page} totalPages={ideas.data.total_pages} />
        </>
      );
    }
    if (!people.data)
      return (
        <div role="status" className={styles.people}>
          <span className="visually-hidden">Loading people…</span>
          {Array.from({ length: 4 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their place
            <div key={index} className={styles.skeleton} aria-hidden="true" />
          ))}
        </div>
      );
    if (people.data.users.length === 0) return empty;
    return (
      <>
        <ul
          className={styles.people}
          aria-label="People found"
          data-stale={people.isPlaceholderData || undefined}
        >
          {people.data.users.map((person) => (
            <li key={person.id}>
              <PersonCard person={person} />
            </li>
          ))}
        </ul>
        <Pager page={people.data.page} totalPages={people.data.total_pages} />
      </>
    );
  };

  return (
    <Screen title={q ? `Results for “${q}”` : 'Search'}>
      <search className={styles.field} aria-label="Search ideas and people">
        <SearchBox
          label="Search ideas and people"
          placeholder="A topic, a method, a name…"
          maxLength={limits.searchText}
          value={q}
          onSearch={(next) => setFilters({ q: next })}
        />
      </search>
      {q === '' ? (
        <EmptyState icon={<SearchIcon width={28} height={28} />} title="What are you looking for?">
          <p>Type a topic, a method or a name to find the ideas and the people behind them.</p>
        </EmptyState>
      ) : (
        <>
          <ResultTabs
            tabs={tabs}
            selected={tab}
            panelId={panelId}
            tabId={tabId}
            onSelect={(type) => setFilters({ type })}
          />
          <div
            id={panelId}
            role="tabpanel"
            aria-labelledby={tabId(tab)}
            aria-busy={shown.isFetching || undefined}
            className={styles.panel}
          >
            {results()}
          </div>
        </>
      )}
    </Screen>
  );
}
