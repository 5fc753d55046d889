import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { Screen } from '../shell/Screen.tsx';
import styles from './discussion.module.css';
import { discussionKeys, fetchMyInterest } from './discussionApi.ts';
import { InterestRequestDetails, InterestStatusBadge } from './InterestRequestDetails.tsx';

/** CONTRACT §9: the member's own interest requests, newest first, with each one's status. */
export function MyInterestPage() {
  const list = useQuery({
    queryKey: discussionKeys.myInterest,
    queryFn: ({ signal }) => fetchMyInterest({ signal }),
  });
  const requests = list.data ?? [];
  return (
    <Screen
      title="My interest requests"
      lead="The interest you expressed in ideas, and how each team answered."
    >
      {list.isPending ? (
        <p className={styles.muted}>Loading your requests…</p>
      ) : list.isError ? (
        <p className={styles.muted} role="alert">
          Your requests could not be loaded. {list.error.message}
        </p>
      ) : requests.length === 0 ? (
        <p className={styles.muted}>
          You have not expressed interest in an idea yet. Open an idea and choose Express interest.
        </p>
      ) : (
        <ul className={styles.myRequests}>
          {requests.map((request) => (
            <li key={request.id} className={styles.request}>
              <div className={styles.requestTop}>
                <Link className={styles.ideaLink} to={paths.idea(request.idea.id)}>
                  {request.idea.title}
                </Link>
                <InterestStatusBadge status={request.status} />
              </div>
              <InterestRequestDetails request={request} />
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}
