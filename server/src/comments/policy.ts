import { discussionMessages } from '@kindling/contract';
import type { SessionContext } from '../context.ts';
import { can } from '../http/access.ts';
import { forbidden } from '../http/errors.ts';

/** CONTRACT §9: only the author edits a comment; holding `admin` is not authorship. */
export const canEdit = (session: SessionContext, authorId: number) => session.userId === authorId;

/** The author deletes their comment; an administrator removes anyone's. */
export const canDelete = (session: SessionContext, authorId: number) =>
  session.userId === authorId || can(session, 'admin');

export function authorizeEdit(session: SessionContext, authorId: number): void {
  if (!canEdit(session, authorId)) throw forbidden(discussionMessages.commentNotYours);
}

export function authorizeDelete(session: SessionContext, authorId: number): void {
  if (!canDelete(session, authorId)) throw forbidden(discussionMessages.commentDeleteNotAllowed);
}

/** Hiding is moderation: administrators only (the route says so too), and audited. */
export const canHide = (session: SessionContext) => can(session, 'admin');

interface Owners {
  principalInvestigatorId: number;
  caseManagerId: number | null;
}

/** The idea's principal investigator and case manager, and administrators, close its comments. */
export const canClose = (session: SessionContext, idea: Owners) =>
  session.userId === idea.principalInvestigatorId ||
  session.userId === idea.caseManagerId ||
  can(session, 'admin');

export function authorizeClose(session: SessionContext, idea: Owners): void {
  if (!canClose(session, idea)) throw forbidden(discussionMessages.closeNotAllowed);
}

/** Nobody writes or edits a comment on an idea whose comments are closed. */
export function ensureOpen(idea: { closed: boolean }): void {
  if (idea.closed) throw forbidden(discussionMessages.commentsClosed);
}
