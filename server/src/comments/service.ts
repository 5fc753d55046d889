import {
  type Comment as CommentAnswer,
  type CommentsPage,
  discussionMessages,
  ideaMessages,
} from '@kindling/contract';
import { recordAudit } from '../audit/record.ts';
import { consumeOrThrow } from '../auth/rate-limits.ts';
import type { Deps, SessionContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { totalPages } from '../ideas/paging.ts';
import { commentPosted } from '../notifications/notices.ts';
import { notificationMailOf } from '../notifications/notification-mail.ts';
import {
  authorizeClose,
  authorizeDelete,
  authorizeEdit,
  canClose,
  canDelete,
  canEdit,
  canHide,
  ensureOpen,
} from './policy.ts';
import {
  type CommentRow,
  deleteComment,
  discussionPage,
  findComment,
  findDiscussion,
  insertComment,
  setCommentHidden,
  setCommentsClosed,
  updateCommentBody,
} from './repository.ts';

interface Paging {
  page: number;
  page_size: number;
}

async function existingIdea(tx: Tx, tenantId: number, ideaId: number) {
  const idea = await findDiscussion(tx, tenantId, ideaId);
  if (!idea) throw notFound(ideaMessages.notFound);
  return idea;
}

const present = (session: SessionContext, row: CommentRow): CommentAnswer => ({
  id: row.id,
  body: row.hidden && !canHide(session) ? '' : row.body,
  created_at: row.created_at,
  edited_at: row.edited_at,
  author: {
    id: row.author.id,
    first_name: row.author.first_name,
    last_name: row.author.last_name,
    profile_image_url: row.author.profile_image_url,
    role_name: row.author.role_name,
  },
  can_edit: canEdit(session, row.author.id) && !row.hidden,
  can_delete: canDelete(session, row.author.id),
  hidden: row.hidden,
  can_hide: canHide(session),
});

/** GET /ideas/{id}/comments: oldest first; a page past the last is 404, page 1 of none is empty. */
export function listComments(
  deps: Deps,
  session: SessionContext,
  ideaId: number,
  paging: Paging,
): Promise<CommentsPage> {
  const { tenantId } = session;
  return inTenant(
    deps.database.db,
    tenantId,
    async (tx) => {
      const found = await discussionPage(
        tx,
        tenantId,
        ideaId,
        (paging.page - 1) * paging.page_size,
        paging.page_size,
      );
      if (!found) throw notFound(ideaMessages.notFound);
      const { rows, ...idea } = found;
      const pages = totalPages(idea.total, paging.page_size);
      if (paging.page > 1 && paging.page > pages) throw notFound('No comments on this page.');
      return {
        comments: rows.map((row) => present(session, row)),
        page: paging.page,
        total_pages: pages,
        closed: idea.closed,
        can_close: canClose(session, idea),
      };
    },
    // Its one statement walks the idea's keys and comments_idea_idx whatever the parameters
    // (comments/plans.test.ts reads that plan), so it is planned once, not on every request.
    'generic',
  );
}

/**
 * A member comments on an idea, 20 at most in 10 minutes (a flood is refused with 429). The comment
 * and CONTRACT §9's notifications of it (the idea's owners and followers) commit together.
 */
export async function postComment(
  deps: Deps,
  session: SessionContext,
  ideaId: number,
  body: string,
) {
  const { tenantId, userId } = session;
  await consumeOrThrow(
    deps.rateLimits.comments,
    `${tenantId}:${userId}`,
    discussionMessages.commentsTooFast,
  );
  const { id, mailed } = await inTenant(deps.database.db, tenantId, async (tx) => {
    ensureOpen(await existingIdea(tx, tenantId, ideaId));
    const at = deps.now();
    const made = await insertComment(tx, { tenantId, ideaId, authorId: userId, body, at });
    const mail = notificationMailOf(deps);
    return {
      id: made,
      mailed: await commentPosted(tx, { tenantId, actorId: userId, ideaId, at, mail }),
    };
  });
  if (mailed) deps.mailer.nudge();
  return { id };
}

async function existingComment(tx: Tx, tenantId: number, commentId: number) {
  const comment = await findComment(tx, tenantId, commentId);
  if (!comment) throw notFound(discussionMessages.commentNotFound);
  return comment;
}

/** PUT /comments/{id}: the author alone; the comment is marked edited at the server's clock. */
export async function editComment(
  deps: Deps,
  session: SessionContext,
  commentId: number,
  body: string,
) {
  const { tenantId } = session;
  await inTenant(deps.database.db, tenantId, async (tx) => {
    const comment = await existingComment(tx, tenantId, commentId);
    authorizeEdit(session, comment.author_id);
    if (comment.hidden) throw forbidden(discussionMessages.commentHidden);
    ensureOpen({ closed: comment.idea_closed });
    await updateCommentBody(tx, tenantId, commentId, body, deps.now());
  });
  return { message: 'The comment has been saved.' };
}

/**
 * DELETE /comments/{id}: the author, or an administrator removing someone else's comment, which
 * the audit log records with the text removed.
 */
export async function removeComment(deps: Deps, session: SessionContext, commentId: number) {
  const { tenantId, userId } = session;
  await inTenant(deps.database.db, tenantId, async (tx) => {
    const comment = await existingComment(tx, tenantId, commentId);
    authorizeDelete(session, comment.author_id);
    await deleteComment(tx, tenantId, commentId);
    if (comment.author_id !== userId) {
      await recordAudit(tx, {
        tenantId,
        actorId: userId,
        action: 'comment.remove',
        targetType: 'idea',
        targetId: comment.idea_id,
        summary: `Removed a comment by ${comment.author_name} on “${comment.idea_title}”`,
        detail: { comment_id: comment.id, author_id: comment.author_id, body: comment.body },
      });
    }
  });
  return { message: 'The comment has been deleted.' };
}

/** PUT /admin/comments/{id}/hidden: an administrator hides an abusive comment or shows it again. */
export async function hideComment(
  deps: Deps,
  session: SessionContext,
  commentId: number,
  hidden: boolean,
) {
  const { tenantId, userId } = session;
  await inTenant(deps.database.db, tenantId, async (tx) => {
    const comment = await existingComment(tx, tenantId, commentId);
    if (comment.hidden === hidden) return;
    await setCommentHidden(tx, tenantId, commentId, hidden ? deps.now() : null);
    await recordAudit(tx, {
      tenantId,
      actorId: userId,
      action: hidden ? 'comment.hide' : 'comment.show',
      targetType: 'idea',
      targetId: comment.idea_id,
      summary: `${hidden ? 'Hid' : 'Showed again'} a comment by ${comment.author_name} on “${comment.idea_title}”`,
      detail: { comment_id: comment.id, author_id: comment.author_id, body: comment.body },
    });
  });
  return { message: hidden ? 'The comment is hidden.' : 'The comment is shown again.' };
}

/**
 * PUT /ideas/{id}/comments/closed: the principal investigator, case manager or an administrator
 * closes an idea's comments (say, before a patent is filed) or opens them again; what was said
 * stays readable. Audited, as it silences every member on the idea.
 */
export async function closeComments(
  deps: Deps,
  session: SessionContext,
  ideaId: number,
  closed: boolean,
) {
  const { tenantId, userId } = session;
  await inTenant(deps.database.db, tenantId, async (tx) => {
    const idea = await existingIdea(tx, tenantId, ideaId);
    authorizeClose(session, idea);
    if (idea.closed === closed) return;
    await setCommentsClosed(tx, tenantId, ideaId, closed ? deps.now() : null);
    await recordAudit(tx, {
      tenantId,
      actorId: userId,
      action: closed ? 'comments.close' : 'comments.open',
      targetType: 'idea',
      targetId: ideaId,
      summary: `${closed ? 'Closed' : 'Opened'} the comments on “${idea.title}”`,
    });
  });
  return { message: closed ? 'Comments are closed.' : 'Comments are open again.' };
}
