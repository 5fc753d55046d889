import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, queryRows } from '../db/client.ts';
import { pageLimit } from '../db/page-limit.ts';
import { comments } from '../db/schema-discussion.ts';
import { ideas } from '../db/schema-ideas.ts';
import { isoTime } from '../ideas/idea-rows.ts';

const commentRow = z.strictObject({
  id: z.number(),
  body: z.string(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  hidden: z.boolean(),
  author: z.strictObject({
    id: z.number(),
    first_name: z.string(),
    last_name: z.string(),
    profile_image_url: z.string().nullable(),
    role_name: z.string(),
  }),
});
export type CommentRow = z.output<typeof commentRow>;

/** Each row of `discussionPage` carries the idea's rules; an idea without comments is one row of them and nulls. */
const discussion = {
  principal_investigator_id: z.number(),
  case_manager_id: z.number().nullable(),
  closed: z.boolean(),
  total: z.number(),
};
const discussionRow = z.union([
  commentRow.extend(discussion),
  z.strictObject({
    ...discussion,
    id: z.null(),
    body: z.null(),
    created_at: z.null(),
    edited_at: z.null(),
    hidden: z.null(),
    author: z.null(),
  }),
]);

/** An idea's discussion rules and comment count, with one page of its comments. */
export interface DiscussionPage {
  principalInvestigatorId: number;
  caseManagerId: number | null;
  closed: boolean;
  total: number;
  rows: CommentRow[];
}

/**
 * The idea's discussion rules, its comment count as its tally keeps it (drizzle/0012) and one page
 * of its comments, oldest first, in one statement: one round trip, whichever the page.
 *
 * The page's ids are found on comments_idea_idx and only they are read whole. A page past the
 * middle is read from the newest end (as ideas/paging.ts does), which needs the count: the
 * statement works out that far end's offset from the tally itself, and runs only the branch
 * whose one-time filter holds. The page size stays a constant (decision 0026), so a partial last
 * page read from the far end brings up to a page of rows from before it; the caller keeps the
 * page's own, the newest `limit` of them. No idea: no row.
 */
export async function discussionPage(
  db: Executor,
  tenantId: number,
  ideaId: number,
  offset: number,
  size: number,
): Promise<DiscussionPage | undefined> {
  const limit = pageLimit(size);
  const rows = await queryRows(
    db,
    sql`with discussion as (
          select i.principal_investigator_id, i.case_manager_id,
            i.comments_closed_at is not null as closed, coalesce(t.comments, 0)::int as total
          from ideas i
          left join comment_tallies t on t.tenant_id = i.tenant_id and t.idea_id = i.id
          where i.tenant_id = ${tenantId} and i.id = ${ideaId}),
        far_end as (
          select greatest(0, total - ${offset} - greatest(0, least(${size}, total - ${offset})))
            as skip
          from discussion),
        page as (
          (select c.id, c.created_at from comments c
           where c.tenant_id = ${tenantId} and c.idea_id = ${ideaId}
             and (select skip from far_end) >= ${offset}
           order by c.created_at asc, c.id asc
           offset ${offset} limit ${limit})
          union all
          (select c.id, c.created_at from comments c
           where c.tenant_id = ${tenantId} and c.idea_id = ${ideaId}
             and (select skip from far_end) < ${offset}
           order by c.created_at desc, c.id desc
           offset (select skip from far_end) limit ${limit}))
        select d.principal_investigator_id, d.case_manager_id, d.closed, d.total,
          r.id, r.body, r.created_at, r.edited_at, r.hidden, r.author
        from discussion d
        left join lateral (
          select c.* from page p
          cross join lateral (
            -- offset 0 keeps this a lookup per id: joined flat, a small table is read whole.
            select c.id, c.body, ${isoTime(sql`c.created_at`)} as created_at,
              case when c.edited_at is null then null else ${isoTime(sql`c.edited_at`)} end
                as edited_at,
              c.hidden_at is not null as hidden,
              (select json_build_object('id', u.id, 'first_name', u.first_name,
                        'last_name', u.last_name, 'profile_image_url', u.profile_image_url,
                        'role_name', r.name)
               from users u join roles r on r.tenant_id = u.tenant_id and r.id = u.role_id
               where u.tenant_id = c.tenant_id and u.id = c.author_id) as author,
              c.created_at as at
            from comments c where c.tenant_id = ${tenantId} and c.id = p.id
            offset 0) c) r on true
        order by r.at asc, r.id asc`,
    discussionRow,
  );
  const first = rows[0];
  if (!first) return undefined;
  const pageRows = rows.flatMap((row) => {
    if (row.id === null) return [];
    const {
      principal_investigator_id: _p,
      case_manager_id: _c,
      closed: _x,
      total: _t,
      ...comment
    } = row;
    return [comment];
  });
  const own = Math.max(0, Math.min(size, first.total - offset));
  return {
    principalInvestigatorId: first.principal_investigator_id,
    caseManagerId: first.case_manager_id,
    closed: first.closed,
    total: first.total,
    rows: own === 0 ? [] : pageRows.slice(-own),
  };
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

const lockedCommentRow = z.strictObject({
  id: z.number(),
  author_id: z.number(),
  author_name: z.string(),
  idea_id: z.number(),
  idea_title: z.string(),
  body: z.string(),
  hidden: z.boolean(),
  idea_closed: z.boolean(),
});

/** A comment with what its rules and its audit entry need: author, idea and their names. */
export async function findComment(db: Executor, tenantId: number, commentId: number) {
  const [row] = await queryRows(
    db,
    sql`select c.id, c.author_id, u.first_name || ' ' || u.last_name as author_name,
          c.idea_id, i.title as idea_title, c.body, c.hidden_at is not null as hidden,
          i.comments_closed_at is not null as idea_closed
        from comments c
        join users u on u.tenant_id = c.tenant_id and u.id = c.author_id
        join ideas i on i.tenant_id = c.tenant_id and i.id = c.idea_id
        where c.tenant_id = ${tenantId} and c.id = ${commentId}
        for update of c`,
    lockedCommentRow,
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
