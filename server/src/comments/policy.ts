import { discussionMessages } from '@kindling/contract';
import type { SessionContext } from '../context.ts';
import { forbidden } from '../http/errors.ts';

const isAdministrator = (session: SessionContext) => session.permissions.includes('admin');

/** CONTRACT §9: only the author edits a comment; holding `admin` is not authorship. */
export const canEdit = (session: SessionContext, authorId: number) => session.userId === authorId;

/** The author deletes their comment; an administrator removes anyone's. */
export const canDelete = (session: SessionContext, authorId: number) =>
  session.userId === authorId || isAdministrator(session);

export function authorizeEdit(session: SessionContext, authorId: number): void {
  if (!canEdit(session, authorId)) throw forbidden(discussionMessages.commentNotYours);
}

export function authorizeDelete(session: SessionContext, authorId: number): void {
  if (!canDelete(session, authorId)) throw forbidden(discussionMessages.commentDeleteNotAllowed);
}
