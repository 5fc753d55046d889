import { and, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client.ts';
import { pageLimit } from '../db/page-limit.ts';
import { comments } from '../db/schema-discussion.ts';
import { ideas } from '../db/schema-ideas.ts';
import { isoTime } from '../ideas/idea-rows.ts';
import type { PageWindow } from '../ideas/paging.ts';

export interface CommentRow {
  id: number;
  body: string;
  created_at: string;
  edited_at: string | null;
  hidden: boolean;
  author: {
    id: number;
    first_name: string;
    last_name: string;
    profile_image_url: string | null;
    role_name: string;
  };
}

/** The idea's comment count as its tally keeps it (drizzle/0012): no count of the comments. */
export async function countComments(db: Executor, tenantId: number, ideaId: number) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select coalesce((select comments from comment_tallies
                         where tenant_id = ${tenantId} and idea_id = ${ideaId}), 0) as n`,
  );
  return row?.n ?? 0;
}

/**
 * One page of an idea's comments, oldest first. The window is found on comments_idea_idx first
 * and only its rows are joined to their authors; a page past the middle is read from the newest
 * end (ideas/paging.ts), so the last page of 1,000 comments skips as few entries as the first.
 */
export function commentsPage(
  db: Executor,
  tenantId: number,
  ideaId: number,
  window: PageWindow,
): Promise<CommentRow[]> {
  const scan = sql.raw(window.scan);
  return queryRows<CommentRow>(
    db,
    sql`with page as (
          select c.id, c.created_at from comments c
          where c.tenant_id = ${tenantId} and c.idea_id = ${ideaId}
          order by c.created_at ${scan}, c.id ${scan}
          offset ${window.offset} limit ${pageLimit(window.limit)})
        select c.id, c.body, ${isoTime(sql`c.created_at`)} as created_at,
          case when c.edited_at is null then null else ${isoTime(sql`c.edited_at`)} end
            as edited_at,
          c.hidden_at is not null as hidden,
          json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name,
            'profile_image_url', u.profile_image_url, 'role_name', r.name) as author
        from page p
        join comments c on c.tenant_id = ${tenantId} and c.id = p.id
        join users u on u.tenant_id = c.tenant_id and u.id = c.author_id
        join roles r on r.tenant_id = u.tenant_id and r.id = u.role_id
        order by p.created_at asc, p.id asc`,
  );
}

export async function insertComment(
  db: Executor,
  values: { tenantId: number; ideaId: number; authorId: number; body: string; at: Date },
): Promise<number> {
  const [row] = await db
    .insert(comments)
    .values({
      tenantId: values.tenantId,
      ideaId: values.ideaId,
      authorId: values.authorId,
      body: values.body,
      createdAt: values.at,
    })
    .returning({ id: comments.id });
  if (!row) throw new Error('the comment was not inserted');
  return row.id;
}

/** Who may close an idea's comments, and whether they are closed: the idea's discussion rules. */
export async function findDiscussion(db: Executor, tenantId: number, ideaId: number) {
  const [row] = await db
    .select({
      title: ideas.title,
      principalInvestigatorId: ideas.principalInvestigatorId,
      caseManagerId: ideas.caseManagerId,
      closed: sql<boolean>`${ideas.commentsClosedAt} is not null`,
    })
    .from(ideas)
    .where(and(eq(ideas.tenantId, tenantId), eq(ideas.id, ideaId)));
  return row;
}

export async function setCommentsClosed(
  db: Executor,
  tenantId: number,
  ideaId: number,
  at: Date | null,
) {
  await db
    .update(ideas)
    .set({ commentsClosedAt: at })
    .where(and(eq(ideas.tenantId, tenantId), eq(ideas.id, ideaId)));
}

export async function setCommentHidden(
  db: Executor,
  tenantId: number,
  commentId: number,
  at: Date | null,
) {
  await db
    .update(comments)
    .set({ hiddenAt: at })
    .where(and(eq(comments.tenantId, tenantId), eq(comments.id, commentId)));
}

/** A comment with what its rules and its audit entry need: author, idea and their names. */
export async function findComment(db: Executor, tenantId: number, commentId: number) {
  const [row] = await queryRows<{
    id: number;
    author_id: number;
    author_name: string;
    idea_id: number;
    idea_title: string;
    body: string;
    hidden: boolean;
    idea_closed: boolean;
  }>(
    db,
    sql`select c.id, c.author_id, u.first_name || ' ' || u.last_name as author_name,
          c.idea_id, i.title as idea_title, c.body, c.hidden_at is not null as hidden,
          i.comments_closed_at is not null as idea_closed
        from comments c
        join users u on u.tenant_id = c.tenant_id and u.id = c.author_id
        join ideas i on i.tenant_id = c.tenant_id and i.id = c.idea_id
        where c.tenant_id = ${tenantId} and c.id = ${commentId}
        for update of c`,
  );
  return row;
}

export async function updateCommentBody(
  db: Executor,
  tenantId: number,
  commentId: number,
  body: string,
  at: Date,
) {
  await db
    .update(comments)
    .set({ body, editedAt: at })
    .where(and(eq(comments.tenantId, tenantId), eq(comments.id, commentId)));
}

export async function deleteComment(db: Executor, tenantId: number, commentId: number) {
  await db.delete(comments).where(and(eq(comments.tenantId, tenantId), eq(comments.id, commentId)));
}
