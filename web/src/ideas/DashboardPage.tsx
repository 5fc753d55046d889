import { limits } from '@kindling/contract';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../app/paths.ts';
import { InviteOthersButton } from '../invitations/InviteOthersButton.tsx';
import { FilterChips } from '../lists/FilterChips.tsx';
import { Pager } from '../lists/Pager.tsx';
import { SearchBox } from '../lists/SearchBox.tsx';
import { useBackToFirstPage } from '../lists/useBackToFirstPage.ts';
import buttons from '../shell/buttons.module.css';
import { Screen } from '../shell/Screen.tsx';
import { LightbulbIcon } from '../shell/screenIcons.tsx';
import { keepTenantParam } from '../tenant/keepTenantParam.ts';
import { useTenant } from '../tenant/TenantContext.ts';
import styles from './DashboardPage.module.css';
import { EmptyState, ListMessage } from './EmptyState.tsx';
import { useFeedChips, useOwnerName } from './feedChips.ts';
import {
  type FeedState,
  filterQuery,
  hasDialogFilters,
  hasFilters,
  listQuery,
  parseFeedSearch,
  withoutChip,
  writeFeedSearch,
} from './feedSearch.ts';
import { IdeaGrid, IdeaGridSkeleton } from './IdeaGrid.tsx';
import { FilterIcon, SparkIcon } from './ideaIcons.tsx';
import { listProblem } from './ideaProblems.ts';
import { fetchIdeas, fetchRecommended, ideaCountQuery, ideaKeys } from './ideasApi.ts';
import { PostIdeaButton } from './PostIdeaButton.tsx';

const FeedFiltersDialog = lazy(() =>
  import('./FeedFiltersDialog.tsx').then((m) => ({ default: m.FeedFiltersDialog })),
);

/** The recommended feed while no filter is set, else the filtered list. */
function feedQuery(state: FeedState) {
  const filtered = hasFilters(state);
  const query = listQuery(state);
  return {
    queryKey: filtered ? ideaKeys.list(query) : ideaKeys.recommended(state.page),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      filtered ? fetchIdeas(query, { signal }) : fetchRecommended(state.page, { signal }),
  };
}

/** Asks for the feed the address shows (app/router.tsx). */
export function prefetchDashboard(queryClient: QueryClient, url: URL): Promise<void> {
  return queryClient.prefetchQuery(feedQuery(parseFeedSearch(url.searchParams)));
}

/**
 * SPEC §2 dashboard: the recommended feed while no filter is set, the filtered list once one
 * is. The filters live in the URL, so a reload or a shared link shows the same list.
 */
export function DashboardPage() {
  const { branding } = useTenant();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const state = parseFeedSearch(search);
  const filtered = hasFilters(state);
  const counted = filterQuery(state);

  const feed = useQuery({ ...feedQuery(state), placeholderData: keepPreviousData });
  const count = useQuery({
    ...ideaCountQuery(counted),
    enabled: filtered,
  });
  const ownerName = useOwnerName(state.ideaOwnerId);
  const chips = useFeedChips(state, ownerName);
  const problem = feed.error ? listProblem(feed.error, state.page) : null;
  useBackToFirstPage(problem?.kind === 'firstPage');

  const show = (next: FeedState) => setSearch(writeFeedSearch(next, search));
  const onKeyword = useCallback(
    (q: string) =>
      setSearch((current) => writeFeedSearch({ ...parseFeedSearch(current), q, page: 1 }, current)),
    [setSearch],
  );
  const clear = () => navigate(keepTenantParam(paths.dashboard, search.toString()));
  const total = count.data;

  return (
    <Screen
      title={branding.navLabels.ideas}
      lead="Discover research ideas across the university, and find the ones worth following."
      actions={
        <>
          <InviteOthersButton />
          <PostIdeaButton />
        </>
      }
    >
      <div className={styles.toolbar}>
        <div className={styles.heading}>
          {state.q ? (
            <h2 className={styles.feedTitle}>Ideas matching “{state.q}”</h2>
          ) : filtered ? (
            <h2 className={styles.feedTitle}>Filtered ideas</h2>
          ) : (
            <h2 className={styles.feedTitle}>
              <SparkIcon width={20} height={20} className={styles.spark} />
              Recommended for you
            </h2>
          )}
          {filtered && total !== undefined && (
            <p className={styles.count} role="status">
              {total === 1 ? '1 idea found' : `${total} ideas found`}
            </p>
          )}
        </div>
        <div className={styles.tools}>
          <SearchBox
            className={styles.keyword}
            label="Keyword"
            placeholder="Search ideas by keyword"
            maxLength={limits.searchText}
            value={state.q}
            onSearch={onKeyword}
          />
          <button
            type="button"
            className={buttons.secondary}
            disabled={hasDialogFilters(state)}
            aria-haspopup="dialog"
            onClick={() => setFiltersOpen(true)}
          >
            <FilterIcon width={18} height={18} />
            Filters
          </button>
        </div>
      </div>
      {filtered && (
        <div className={styles.chips}>
          <FilterChips
            chips={chips}
            onRemove={(key) => {
              const removed = chips.find((c) => c.key === key);
              if (removed) show(withoutChip(state, removed.chip));
            }}
            onClear={clear}
          />
        </div>
      )}

      {problem?.kind === 'message' ? (
        <ListMessage>{problem.text}</ListMessage>
      ) : feed.data === undefined ? (
        <IdeaGridSkeleton />
      ) : feed.data.ideas.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={<FilterIcon width={28} height={28} />}
            title={state.q ? `No ideas match “${state.q}”` : 'No ideas match these filters'}
            action={
              <Link
                className={buttons.primary}
                to={keepTenantParam(paths.dashboard, search.toString())}
              >
                Clear filters
              </Link>
            }
          >
            <p>
              {state.q
                ? 'Check the spelling, or remove a filter to widen the search.'
                : 'Try removing a filter or two to widen the search.'}
            </p>
          </EmptyState>
        ) : (
          <EmptyState
            icon={<LightbulbIcon width={28} height={28} />}
            title="No ideas yet"
            action={<PostIdeaButton />}
          >
            <p>When members post ideas, the ones picked for you appear here.</p>
          </EmptyState>
        )
      ) : (
        <>
          <IdeaGrid
            ideas={feed.data.ideas}
            stale={feed.isPlaceholderData}
            label={filtered ? 'Filtered ideas' : 'Recommended ideas'}
          />
          <Pager page={feed.data.page} totalPages={feed.data.total_pages} />
        </>
      )}

      {filtersOpen && (
        <Suspense fallback={null}>
          <FeedFiltersDialog
            initial={state}
            initialOwnerName={ownerName}
            onApply={(filters) => show({ ...filters, page: 1 })}
            onClose={() => setFiltersOpen(false)}
          />
        </Suspense>
      )}
    </Screen>
  );
}
