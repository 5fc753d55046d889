import { type IdeaInterestRequest, interestStatusLabels } from '@kindling/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useRowChange } from '../api/useRowChange.ts';
import { paths } from '../app/paths.ts';
import { fullName } from '../ideas/ideaText.ts';
import { Avatar } from '../shell/Avatar.tsx';
import { useScrollToHash } from '../shell/useScrollToHash.ts';
import { AnswerDialog } from './AnswerDialog.tsx';
import styles from './discussion.module.css';
import { discussionKeys, fetchIdeaInterest, putInterest } from './discussionApi.ts';
import { InterestRequestDetails, InterestStatusBadge } from './InterestRequestDetails.tsx';

const finished = (request: IdeaInterestRequest) =>
  request.status === 'declined' || request.status === 'closed';

/**
 * CONTRACT §9: the idea's interest requests as its principal investigator, case manager and
 * administrators see them, newest first, each with how long it waited for a first answer.
 */
export function IdeaInterestRequests({ ideaId }: { ideaId: number }) {
  const [answering, setAnswering] = useState<IdeaInterestRequest | null>(null);
  const list = useQuery({
    queryKey: discussionKeys.ideaInterest(ideaId),
    queryFn: ({ signal }) => fetchIdeaInterest(ideaId, { signal }),
  });
  const rows = useRowChange<IdeaInterestRequest>('interest', discussionKeys.ideaInterest(ideaId));
  const requests = list.data ?? [];
  const open = requests.filter((r) => !finished(r)).length;

  useScrollToHash('interest', !list.isPending);
  return (
    <section id="interest" className={styles.section} aria-labelledby="idea-interest">
      <h2 id="idea-interest" className={styles.sectionTitle}>
        Interest requests <span className={styles.count}>({open} open)</span>
      </h2>
      {list.isPending ? (
        <p className={styles.muted}>Loading requests…</p>
      ) : list.isError ? (
        <p className={styles.muted} role="alert">
          The requests could not be loaded. {list.error.message}
        </p>
      ) : requests.length === 0 ? (
        <p className={styles.muted}>No one has expressed interest yet.</p>
      ) : (
        <ul className={styles.requests}>
          {requests.map((request) => {
            const name = fullName(request.requester);
            return (
              <li
                key={request.id}
                className={styles.request}
                aria-busy={rows.busy.has(request.id) || undefined}
              >
                <div className={styles.commentHead}>
                  <Avatar name={name} imageUrl={request.requester.profile_image_url} />
                  <div className={styles.who}>
                    <Link className={styles.name} to={paths.profile(request.requester.id)}>
                      {name}
                    </Link>
                    <span className={styles.meta}>
                      {request.requester.role_name} ·{' '}
                      <a href={`mailto:${request.requester.email}`}>{request.requester.email}</a>
                    </span>
                  </div>
                  <InterestStatusBadge status={request.status} />
                </div>
                <InterestRequestDetails request={request} />
                {!finished(request) && (
                  <div className={styles.commentActions}>
                    <button
                      type="button"
                      className={styles.textButton}
                      onClick={() => setAnswering(request)}
                      disabled={rows.busy.has(request.id)}
                    >
                      Answer<span className="visually-hidden"> {name}’s request</span>
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {answering && (
        <AnswerDialog
          request={answering}
          onClose={() => setAnswering(null)}
          onSave={(values) =>
            rows.change(answering, async () => {
              await putInterest(answering.id, values);
              return `The request is now ${interestStatusLabels[values.status].toLowerCase()}.`;
            })
          }
        />
      )}
    </section>
  );
}
