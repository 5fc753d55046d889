import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { useAuth } from '../auth/AuthContext.ts';
import { Pager } from '../lists/Pager.tsx';
import { useBackToFirstPage } from '../lists/useBackToFirstPage.ts';
import { usePage } from '../lists/useUrlState.ts';
import buttons from '../shell/buttons.module.css';
import { Screen } from '../shell/Screen.tsx';
import { LightbulbIcon, TrashIcon } from '../shell/screenIcons.tsx';
import { useTenant } from '../tenant/TenantContext.ts';
import { EmptyState, ListMessage } from './EmptyState.tsx';
import { IdeaGrid, IdeaGridSkeleton } from './IdeaGrid.tsx';
import { PencilIcon } from './ideaIcons.tsx';
import { listProblem } from './ideaProblems.ts';
import { fetchMemberIdeas, ideaCountQuery, ideaKeys } from './ideasApi.ts';
import styles from './MyIdeasPage.module.css';
import { PostIdeaButton } from './PostIdeaButton.tsx';

const DeleteIdeaDialog = lazy(() =>
  import('./DeleteIdeaDialog.tsx').then((m) => ({ default: m.DeleteIdeaDialog })),
);

/** SPEC §2 my ideas: the ideas the member leads, with edit and delete where allowed. */
export function MyIdeasPage() {
  const { branding } = useTenant();
  const { user, can } = useAuth();
  const userId = user?.userId ?? 0;
  const page = usePage();
  const [deleting, setDeleting] = useState<{ id: number; title: string } | null>(null);
  const list = useQuery({
    queryKey: ideaKeys.member(userId, page),
    queryFn: ({ signal }) => fetchMemberIdeas(userId, page, { signal }),
    placeholderData: keepPreviousData,
  });
  const owned = { idea_owner_id: userId };
  const count = useQuery(ideaCountQuery(owned));
  const problem = list.error ? listProblem(list.error, page) : null;
  useBackToFirstPage(problem?.kind === 'firstPage');
  const total = count.data;

  return (
    <Screen
      title={branding.navLabels.myIdeas}
      lead={
        total
          ? `You have posted ${total === 1 ? '1 idea' : `${total} ideas`}.`
          : 'The ideas you lead, in one place.'
      }
      actions={<PostIdeaButton />}
    >
      {problem?.kind === 'message' ? (
        <ListMessage>{problem.text}</ListMessage>
      ) : list.data === undefined ? (
        <IdeaGridSkeleton />
      ) : list.data.ideas.length === 0 ? (
        <EmptyState
          icon={<LightbulbIcon width={28} height={28} />}
          title="You haven't posted an idea yet"
          action={
            <Link className={buttons.primary} to={paths.ideaCreation}>
              Post your first idea
            </Link>
          }
        >
          <p>
            Share what you are working on and find the partners, funding and expertise to move it
            forward.
          </p>
        </EmptyState>
      ) : (
        <>
          <IdeaGrid
            ideas={list.data.ideas}
            stale={list.isPlaceholderData}
            label="Your ideas"
            actionsOf={(idea) => (
              <>
                {can('update_idea') && (
                  <Link
                    className={styles.action}
                    to={paths.ideaEdit(idea.id)}
                    aria-label={`Edit ${idea.title}`}
                  >
                    <PencilIcon width={16} height={16} />
                    Edit
                  </Link>
                )}
                {can('delete_idea') && (
                  <button
                    type="button"
                    className={`${styles.action} ${styles.delete}`}
                    aria-label={`Delete ${idea.title}`}
                    onClick={() => setDeleting({ id: idea.id, title: idea.title })}
                  >
                    <TrashIcon width={16} height={16} />
                    Delete
                  </button>
                )}
              </>
            )}
          />
          <Pager page={list.data.page} totalPages={list.data.total_pages} />
        </>
      )}
      {deleting && (
        <Suspense fallback={null}>
          <DeleteIdeaDialog
            idea={deleting}
            onClose={() => setDeleting(null)}
            onDeleted={() => setDeleting(null)}
          />
        </Suspense>
      )}
    </Screen>
  );
}
