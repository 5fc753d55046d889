import {
  type InterestKind,
  type InterestStatus,
  interestKindLabels,
  interestStatusLabels,
} from '@kindling/contract';
import { formatLongDate } from '../format/dates.ts';
import { CommentText } from './CommentText.tsx';
import styles from './discussion.module.css';
import { waitText } from './waited.ts';

/** A request's status as a badge, coloured by status in discussion.module.css. */
export function InterestStatusBadge({ status }: { status: InterestStatus }) {
  return (
    <span className={styles.status} data-status={status}>
      {interestStatusLabels[status]}
    </span>
  );
}

interface Details {
  kind: InterestKind;
  created_at: string;
  waited_seconds: number;
  first_answered_at: string | null;
  message: string;
  reason: string | null;
}

/**
 * What a request says, as the idea's team and the requester both read it: its kind, when it was
 * sent and how long it waited, the message, and the reason given when it was declined or closed.
 */
export function InterestRequestDetails({ request }: { request: Details }) {
  return (
    <>
      <p className={styles.meta}>
        {interestKindLabels[request.kind]} · sent {formatLongDate(request.created_at)} ·{' '}
        {waitText(request.waited_seconds, request.first_answered_at !== null)}
      </p>
      <CommentText text={request.message} />
      {request.reason && (
        <p className={styles.reason}>
          <span className={styles.reasonLabel}>Reason: </span>
          {request.reason}
        </p>
      )}
    </>
  );
}
