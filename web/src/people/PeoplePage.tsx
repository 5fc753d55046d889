import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../api/apiError.ts';
import { FormAlert } from '../forms/FormAlert.tsx';
import { FilterChips } from '../lists/FilterChips.tsx';
import { Pager } from '../lists/Pager.tsx';
import { useBackToFirstPage } from '../lists/useBackToFirstPage.ts';
import { Screen } from '../shell/Screen.tsx';
import { useTenant } from '../tenant/TenantContext.ts';
import { PeopleFilterBar } from './PeopleFilterBar.tsx';
import styles from './PeoplePage.module.css';
import { PersonCard } from './PersonCard.tsx';
import { fetchPersonName, peopleCountQuery, peopleKeys, peoplePageQuery } from './peopleApi.ts';
import { type ChipName, usePeopleChips, withoutFilter } from './peopleChips.ts';
import {
  changeFilters,
  defaultFilters,
  type PeopleFilters,
  readPeopleFilters,
  writePeopleFilters,
} from './peopleFilters.ts';

const countFormat = new Intl.NumberFormat('en-US');

/** Asks for the directory's page and count for the address that opens it (app/router.tsx). */
export function prefetchPeople(queryClient: QueryClient, url: URL): Promise<unknown> {
  const filters = readPeopleFilters(url.searchParams);
  return Promise.all([
    queryClient.prefetchQuery(peoplePageQuery(filters)),
    queryClient.prefetchQuery(peopleCountQuery(filters)),
  ]);
}

/** SPEC §2 People: the directory with its filters, all kept in the URL. */
export function PeoplePage() {
  const { branding } = useTenant();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readPeopleFilters(searchParams);
  const results = useRef<HTMLElement>(null);

  const setFilters = (next: PeopleFilters) =>
    setSearchParams(writePeopleFilters(next, searchParams));
  // Stable, as the search box's timer runs against it: the URL at the time the typing pauses.
  const onKeyword = useCallback(
    (q: string) =>
      setSearchParams((current) =>
        writePeopleFilters(changeFilters(readPeopleFilters(current), { q }), current),
      ),
    [setSearchParams],
  );

  const list = useQuery({
    ...peoplePageQuery(filters),
    placeholderData: keepPreviousData,
    retry: (count, error) => !isApiError(error, 'NOT_FOUND') && count < 2,
  });
  const count = useQuery({ ...peopleCountQuery(filters), placeholderData: keepPreviousData });
  const personName = useQuery({
    queryKey: peopleKeys.person(filters.user_id ?? 0),
    queryFn: ({ signal }) => fetchPersonName(filters.user_id ?? 0, signal),
    enabled: filters.user_id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const notFoundPastFirst = filters.page > 1 && isApiError(list.error, 'NOT_FOUND');
  useBackToFirstPage(notFoundPastFirst);

  const shownPage = useRef(filters.page);
  // Another page of the list starts at its top, not where the pagination left the reader.
  useEffect(() => {
    if (shownPage.current === filters.page) return;
    shownPage.current = filters.page;
    results.current?.scrollIntoView({ block: 'start' });
  }, [filters.page]);

  const users = list.data?.users ?? [];
  const totalPages = list.data?.total_pages ?? 0;
  const selectedPerson =
    filters.user_id !== null && personName.data
      ? { id: filters.user_id, name: personName.data }
      : null;
  const chips = usePeopleChips(filters, personName.data ?? null);
  const active = chips.length > 0 || filters.sort_order === 'desc';

  return (
    <Screen
      title={branding.navLabels.people}
      lead={
        // The sentence stands from the first paint with a placeholder of the number's size, so
        // the count arriving never moves the filters and results below it (layout shift).
        <>
          {count.data === undefined ? (
            <span className={styles.countPending}>
              <span className="visually-hidden">Counting</span>
            </span>
          ) : (
            countFormat.format(count.data)
          )}{' '}
          {count.data === 1 ? 'member matches' : 'members match'}{' '}
          {active ? 'these filters' : 'the directory'}.
        </>
      }
    >
      <PeopleFilterBar
        filters={filters}
        onChange={setFilters}
        onKeyword={onKeyword}
        selectedPerson={selectedPerson}
      />
      {chips.length > 0 && (
        <div className={styles.chips}>
          <FilterChips
            chips={chips}
            onRemove={(name) => setFilters(withoutFilter(filters, name as ChipName))}
            onClear={() => setFilters(defaultFilters)}
          />
        </div>
      )}
      <section
        ref={results}
        className={styles.results}
        aria-label="People"
        aria-busy={list.isFetching || undefined}
      >
        {list.isPending ? (
          <ul key="pending" className={styles.grid} aria-hidden="true">
            {Array.from({ length: 6 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <li key={i} className={styles.skeleton} />
            ))}
          </ul>
        ) : list.isError && !notFoundPastFirst ? (
          <FormAlert message={[list.error.message]} />
        ) : users.length === 0 ? (
          <div className={styles.empty}>
            <h2 className={styles.emptyTitle}>No people found</h2>
            <p>
              {filters.q
                ? `No members match “${filters.q}”${chips.length > 1 ? ' and these filters' : ''}. Check the spelling, or try removing a filter.`
                : 'No members match these filters. Try removing one.'}
            </p>
          </div>
        ) : (
          <>
            <ul className={styles.grid} data-stale={list.isPlaceholderData || undefined}>
              {users.map((person) => (
                <li key={person.id}>
                  <PersonCard person={person} />
                </li>
              ))}
            </ul>
            <Pager page={filters.page} totalPages={totalPages} />
          </>
        )}
      </section>
    </Screen>
  );
}
