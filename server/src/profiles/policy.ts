import { status } from '@kindling/contract';
import type { SessionContext } from '../context.ts';
import { can } from '../http/access.ts';
import { forbidden } from '../http/errors.ts';

/**
 * Members see the profiles of active members (SPEC §4: both statuses 2, not disabled); everyone
 * sees their own, and administrators see anyone's. Others answer 404 as if they did not exist.
 */
export function canViewProfile(
  session: SessionContext,
  person: { id: number; adminStatusId: number; userStatusId: number; isDisabled: boolean },
): boolean {
  if (person.id === session.userId || can(session, 'admin')) return true;
  return (
    person.adminStatusId === status.approved &&
    person.userStatusId === status.approved &&
    !person.isDisabled
  );
}

/** A profile and its photo are changed by their owner only. */
export function authorizeOwnProfile(session: SessionContext, userId: number): void {
  if (session.userId !== userId) throw forbidden();
}
