import { limits } from '@kindling/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { Pager } from '../lists/Pager.tsx';
import { useBackToFirstPage } from '../lists/useBackToFirstPage.ts';
import { usePage } from '../lists/useUrlState.ts';
import buttons from '../shell/buttons.module.css';
import { Screen } from '../shell/Screen.tsx';
import { useTenant } from '../tenant/TenantContext.ts';
import { EmptyState, ListMessage } from './EmptyState.tsx';
import { IdeaGrid, IdeaGridSkeleton } from './IdeaGrid.tsx';
import { HeartIcon } from './ideaIcons.tsx';
import { followingView } from './ideaProblems.ts';
import { fetchIdeas, ideaCountQuery, ideaKeys } from './ideasApi.ts';

const followed = { following: 'true' } as const;

/** SPEC §2 following: the ideas the member follows, 10 a page, newest first. */
export function FollowingPage() {
  const { branding } = useTenant();
  const page = usePage();
  const query = { ...followed, page, page_size: limits.pageSize, sort_order: 'desc' };
  const list = useQuery({
    queryKey: ideaKeys.list(query),
    queryFn: ({ signal }) => fetchIdeas(query, { signal }),
    placeholderData: keepPreviousData,
  });
  const count = useQuery(ideaCountQuery(followed));
  const view =
    list.error || list.data
      ? followingView({ error: list.error, onPage: list.data?.ideas.length }, page)
      : null;
  useBackToFirstPage(view?.kind === 'firstPage');
  const total = count.data;

  return (
    <Screen
      title={branding.navLabels.following}
      lead={
        total
          ? `You follow ${total === 1 ? '1 idea' : `${total} ideas`}. Their latest appear first.`
          : 'Ideas you follow are gathered here.'
      }
    >
      {view === null || view.kind === 'firstPage' ? (
        <IdeaGridSkeleton />
      ) : view.kind === 'emptyState' ? (
        <EmptyState
          icon={<HeartIcon width={28} height={28} />}
          title="Stay Connected with Ideas You're Following"
          action={
            <Link className={buttons.primary} to={paths.dashboard}>
              Explore New Ideas to Follow
            </Link>
          }
        >
          <p>Follow ideas that spark your interest and keep track of them all in one place.</p>
        </EmptyState>
      ) : view.kind === 'message' ? (
        <ListMessage>{view.text}</ListMessage>
      ) : (
        list.data && (
          <>
            <IdeaGrid
              ideas={list.data.ideas}
              stale={list.isPlaceholderData}
              label="Ideas you follow"
            />
            <Pager page={list.data.page} totalPages={list.data.total_pages} />
          </>
        )
      )}
    </Screen>
  );
}
