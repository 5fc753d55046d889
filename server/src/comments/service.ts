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
import { notFound } from '../http/errors.ts';
import { pageWindow, totalPages } from '../ideas/paging.ts';
import { findIdeaOwners } from '../ideas/repository.ts';
import { commentPosted } from '../notifications/notices.ts';
import { authorizeDelete, authorizeEdit, canDelete, canEdit } from './policy.ts';
import {
  type CommentRow,
  commentsPage,
  countComments,
  deleteComment,
  findComment,
  insertComment,
  updateCommentBody,
} from './repository.ts';

interface Paging {
  page: number;
  page_size: number;
}

async function existingIdea(tx: Tx, tenantId: number, ideaId: number) {
  const idea = await findIdeaOwners(tx, tenantId, ideaId);
  if (!idea) throw notFound(ideaMessages.notFound);
  return idea;
}

const present = (session: SessionContext, row: CommentRow): CommentAnswer => ({
  id: row.id,
  body: row.body,
  created_at: row.created_at,
  edited_at: row.edited_at,
  author: {
    id: row.author.id,
    first_name: row.author.first_name,
    last_name: row.author.last_name,
    profile_image_url: row.author.profile_image_url,
    role_name: row.author.role_name,
  },
  can_edit: canEdit(session, row.author.id),
  can_delete: canDelete(session, row.author.id),
});

/** GET /ideas/{id}/comments: oldest first; a page past the last is 404, page 1 of none is empty. */
export function listComments(
  deps: Deps,
  session: SessionContext,
  ideaId: number,
  paging: Paging,
): Promise<CommentsPage> {
  const { tenantId } = session;
  return inTenant(deps.database.db, tenantId, async (tx) => {
    await existingIdea(tx, tenantId, ideaId);
    const total = await countComments(tx, tenantId, ideaId);
    const pages = totalPages(total, paging.page_size);
    if (paging.page > 1 && paging.page > pages) throw notFound('No comments on this page.');
    const rows =
      total === 0
        ? []
        : await commentsPage(
            tx,
            tenantId,
            ideaId,
            pageWindow(total, paging.page, paging.page_size, 'asc'),
          );
    return {
      comments: rows.map((row) => present(session, row)),
      page: paging.page,
      total_pages: pages,
    };
  });
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
  const id = await inTenant(deps.database.db, tenantId, async (tx) => {
    await existingIdea(tx, tenantId, ideaId);
    const at = deps.now();
    const made = await insertComment(tx, { tenantId, ideaId, authorId: userId, body, at });
    await commentPosted(tx, { tenantId, actorId: userId, ideaId, at });
    return made;
  });
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
