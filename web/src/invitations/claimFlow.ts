import { type InvitedUserRecord, status } from '@kindling/contract';

/** The claim-profile sub-screens of SPEC §2, one at a time. */
export type ClaimStep =
  | 'loading'
  | 'invalidToken'
  | 'acceptInvite'
  | 'declineAppeal'
  | 'declined'
  | 'setPassword'
  | 'review'
  | 'complete'
  | 'adminNotApproved'
  | 'awaitingLogin';

export type ClaimEvent =
  | {
      type: 'verified';
      record: Pick<InvitedUserRecord, 'admin_status_id' | 'user_status_id' | 'account_id'>;
    }
  | { type: 'verifyFailed' }
  | { type: 'accepted' }
  | { type: 'decline' }
  | { type: 'reconsider' }
  | { type: 'declined' }
  | { type: 'passwordSet' }
  | { type: 'reviewed' };

/** SPEC §4: where the token's record puts the visitor. */
export function stepForRecord(
  record: Pick<InvitedUserRecord, 'admin_status_id' | 'user_status_id' | 'account_id'>,
): ClaimStep {
  const admin = record.admin_status_id;
  const user = record.user_status_id;
  if (admin === status.declined || user === status.declined) return 'declined';
  if (admin === status.pending) return 'adminNotApproved';
  if (admin === status.approved && user === status.approved) {
    return record.account_id ? 'awaitingLogin' : 'setPassword';
  }
  if (admin === status.approved && user === status.pending) return 'acceptInvite';
  return 'invalidToken';
}

/** Each event moves on only from the step it belongs to; anything else leaves the step as it is. */
const transitions: { [E in ClaimEvent['type']]: Partial<Record<ClaimStep, ClaimStep>> } = {
  verified: {},
  verifyFailed: { loading: 'invalidToken' },
  accepted: { acceptInvite: 'setPassword' },
  decline: { acceptInvite: 'declineAppeal' },
  reconsider: { declineAppeal: 'acceptInvite' },
  declined: { declineAppeal: 'declined' },
  passwordSet: { setPassword: 'review' },
  reviewed: { review: 'complete' },
};

/** The claim flow of SPEC §4 as a reducer: verify, accept or decline, set a password, review. */
export function claimReducer(step: ClaimStep, event: ClaimEvent): ClaimStep {
  if (event.type === 'verified') return step === 'loading' ? stepForRecord(event.record) : step;
  return transitions[event.type][step] ?? step;
}
