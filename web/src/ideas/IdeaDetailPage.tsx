import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, type Params, useNavigate } from 'react-router';
import { paths } from '../app/paths.ts';
import { useAuth } from '../auth/AuthContext.ts';
import { formatLongDate } from '../format/dates.ts';
import { ExpertsCard, SimilarIdeas, useIdeaMatches } from '../search/IdeaMatches.tsx';
import { Screen } from '../shell/Screen.tsx';
import { TrashIcon } from '../shell/screenIcons.tsx';
import { useFirstPaintDone } from '../shell/useFirstPaintDone.ts';
import { usePersisted } from '../state/usePersisted.ts';
import { BackButton } from './BackButton.tsx';
import { ContactsCard } from './ContactsCard.tsx';
import { FollowButton } from './FollowButton.tsx';
import styles from './IdeaDetailPage.module.css';
import { IdeaPageSkeleton } from './IdeaPageSkeleton.tsx';
import { IdeaProblemScreen } from './IdeaProblemScreen.tsx';
import { CalendarIcon, ExternalIcon, HandshakeIcon, PencilIcon } from './ideaIcons.tsx';
import { leads } from './ideaOwnership.ts';
import { SupportChips } from './SupportChips.tsx';
import { ideaIdOf, ideaQuery, useIdea, useIdeaId } from './useIdea.ts';

// The discussion brings the form kit and its library: loaded after the idea itself has painted.
const CommentsSection = lazy(() =>
  import('../discussion/CommentsSection.tsx').then((m) => ({ default: m.CommentsSection })),
);
const IdeaInterestRequests = lazy(() =>
  import('../discussion/IdeaInterestRequests.tsx').then((m) => ({
    default: m.IdeaInterestRequests,
  })),
);
const InterestDialog = lazy(() =>
  import('../discussion/InterestDialog.tsx').then((m) => ({ default: m.InterestDialog })),
);
const DeleteIdeaDialog = lazy(() =>
  import('./DeleteIdeaDialog.tsx').then((m) => ({ default: m.DeleteIdeaDialog })),
);

/** A titled block of the idea's text, left out when the text is empty. */
function Part({ title, text }: { title: string; text: string }) {
  if (!text.trim()) return null;
  return (
    <section className={styles.part}>
      <h2 className={styles.partTitle}>{title}</h2>
      <p className={styles.text}>{text}</p>
    </section>
  );
}

/**
 * The idea's IP status by name. Reads the list itself: the list arrives after the page's first
 * paint, and only this name then renders again, not the whole page.
 */
function IpStatusName({ id }: { id: number | null }) {
  const ipStatuses = usePersisted('ip_statuses');
  if (id === null) return 'Not specified';
  return ipStatuses.find((status) => status.id === id)?.name ?? 'Not specified';
}

/**
 * The interest requests (for the idea's leads and administrators) and the comments below the
 * idea, loaded once the idea has painted (docs/decisions/0054). The paint is awaited here, so
 * that its news renders this part alone.
 */
function IdeaDiscussion({
  ideaId,
  comments,
  requests,
}: {
  ideaId: number;
  comments: number;
  requests: boolean;
}) {
  const painted = useFirstPaintDone();
  if (!painted) return null;
  return (
    <Suspense fallback={null}>
      {requests && <IdeaInterestRequests ideaId={ideaId} />}
      <CommentsSection ideaId={ideaId} count={comments} />
    </Suspense>
  );
}

/**
 * Asks for the idea the address names as the route matches (app/router.tsx); the experts and
 * similar ideas beside it start as the page opens (`useIdeaMatches`), so their search never
 * delays the idea.
 */
export async function prefetchIdea(
  queryClient: QueryClient,
  _url: URL,
  params: Params,
): Promise<void> {
  const id = ideaIdOf(params.id);
  if (id !== null) await queryClient.prefetchQuery(ideaQuery(id));
}

/** SPEC §2 idea detail: the whole idea, who leads it, following, and the owners' actions. */
export function IdeaDetailPage() {
  const { user, can } = useAuth();
  const navigate = useNavigate();
  const id = useIdeaId();
  const query = useIdea(id);
  useIdeaMatches(id);
  const [deleting, setDeleting] = useState(false);
  const [interested, setInterested] = useState(false);

  if (id === null || query.isError) {
    return <IdeaProblemScreen error={query.error} onRetry={() => void query.refetch()} />;
  }
  const idea = query.data;
  if (!idea) return <IdeaPageSkeleton />;

  const owner = leads(idea, user?.userId);
  const followers = idea.follower_count;
  const comments = idea.comment_count;

  return (
    <Screen
      title={idea.title}
      lead={
        <span className={styles.meta}>
          <span className={styles.metaItem}>
            <CalendarIcon width={16} height={16} />
            Posted {formatLongDate(idea.created_at)}
          </span>
          <span className={styles.metaItem}>
            {followers === 1 ? '1 follower' : `${followers} followers`}
          </span>
          <a className={styles.metaItem} href="#idea-comments">
            {comments === 1 ? '1 comment' : `${comments} comments`}
          </a>
        </span>
      }
      back={<BackButton fallback={paths.dashboard} />}
    >
      <div className={styles.toolbar}>
        <FollowButton ideaId={idea.id} following={idea.is_following} isOwner={owner} size="large" />
        {!owner && (
          <button
            type="button"
            className={styles.interestButton}
            onClick={() => setInterested(true)}
          >
            <HandshakeIcon width={18} height={18} />
            Express interest
          </button>
        )}
        {owner && can('update_idea') && (
          <Link className={styles.editButton} to={paths.ideaEdit(idea.id)}>
            <PencilIcon width={18} height={18} />
            Edit
          </Link>
        )}
        {owner && can('delete_idea') && (
          <button type="button" className={styles.deleteButton} onClick={() => setDeleting(true)}>
            <TrashIcon width={18} height={18} />
            Delete
          </button>
        )}
      </div>
      <div className={styles.layout}>
        <div className={styles.column}>
          <div className={styles.main}>
            {idea.support_ids.length > 0 && (
              <section className={styles.seeking} aria-labelledby="idea-seeking">
                <h2 id="idea-seeking" className={styles.seekingTitle}>
                  Seeking
                </h2>
                <SupportChips ids={idea.support_ids} label="Support sought" />
              </section>
            )}
            <Part title="Introduction" text={idea.introduction} />
            <Part title="Problem" text={idea.problem} />
            <Part title="Opportunity" text={idea.opportunity} />
            {idea.urls.length > 0 && (
              <section className={styles.part}>
                <h2 className={styles.partTitle}>Supporting links</h2>
                <ul className={styles.links}>
                  {idea.urls.map((link) => (
                    <li key={`${link.url}-${link.title}`}>
                      <a
                        className={styles.link}
                        href={link.url}
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        <span className={styles.linkTitle}>{link.title}</span>
                        <span className={styles.linkUrl}>{link.url}</span>
                        <ExternalIcon width={16} height={16} className={styles.linkIcon} />
                        <span className="visually-hidden"> (opens in a new tab)</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
          <IdeaDiscussion ideaId={idea.id} comments={comments} requests={owner || can('admin')} />
        </div>
        <aside className={styles.side} aria-label="About this idea">
          <section className={styles.card} aria-labelledby="idea-ip">
            <h2 id="idea-ip" className={styles.cardTitle}>
              Intellectual property
            </h2>
            <dl className={styles.facts}>
              <div>
                <dt>IP status</dt>
                <dd>
                  <IpStatusName id={idea.ip_status_id} />
                </dd>
              </div>
              {idea.patents.length > 0 && (
                <div>
                  <dt>Patent numbers</dt>
                  <dd>
                    <ul className={styles.patents}>
                      {idea.patents.map((patent) => (
                        <li key={patent}>{patent}</li>
                      ))}
                    </ul>
                  </dd>
                </div>
              )}
            </dl>
          </section>
          <ContactsCard
            investigator={idea.principal_investigator}
            caseManager={idea.case_manager}
          />
          <ExpertsCard ideaId={idea.id} />
        </aside>
      </div>
      <SimilarIdeas ideaId={idea.id} />
      {interested && (
        <Suspense fallback={null}>
          <InterestDialog idea={idea} onClose={() => setInterested(false)} />
        </Suspense>
      )}
      {deleting && (
        <Suspense fallback={null}>
          <DeleteIdeaDialog
            idea={idea}
            onClose={() => setDeleting(false)}
            onDeleted={() => navigate(paths.myIdeas, { replace: true })}
          />
        </Suspense>
      )}
    </Screen>
  );
}
