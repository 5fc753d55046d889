import { status } from '@kindling/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, queryRows } from '../db/client.ts';
import { memberNameRow } from '../db/rows.ts';
import { follows, ideaLinks, ideaPatents, ideaSupports, ideas } from '../db/schema-ideas.ts';
import { ipStatuses, supportTypes } from '../db/schema-reference.ts';
import { anyId, isoTime, summaryColumns, summaryJoins, summaryRow } from './idea-rows.ts';

export interface IdeaContent {
  title: string;
  introduction: string;
  problem: string;
  opportunity: string;
  urls: { url: string; title: string }[];
  patents: string[];
  ipStatusId: number | null;
  supportIds: number[];
}

const detailRow = summaryRow.extend({
  problem: z.string(),
  opportunity: z.string(),
  updated_at: z.string(),
  urls: z.array(z.strictObject({ url: z.string(), title: z.string() })),
  patents: z.array(z.string()),
});
export type DetailRow = z.output<typeof detailRow>;

export async function findIdeaDetail(
  db: Executor,
  tenantId: number,
  viewerId: number,
  ideaId: number,
): Promise<DetailRow | undefined> {
  const [row] = await queryRows(
    db,
    sql`select ${summaryColumns(tenantId, viewerId)},
          i.problem, i.opportunity, ${isoTime(sql`i.updated_at`)} as updated_at,
          coalesce((select json_agg(json_build_object('url', l.url, 'title', l.title)
                                    order by l.position)
                    from idea_links l where l.tenant_id = ${tenantId} and l.idea_id = i.id),
                   '[]'::json) as urls,
          array(select p.number from idea_patents p
                where p.tenant_id = ${tenantId} and p.idea_id = i.id order by p.position) as patents
        from ideas i ${summaryJoins}
        where i.tenant_id = ${tenantId} and i.id = ${ideaId}`,
    detailRow,
  );
  return row;
}

/** Who may change an idea: its principal investigator and its case manager. */
export async function findIdeaOwners(db: Executor, tenantId: number, ideaId: number) {
  const [row] = await db
    .select({
      principalInvestigatorId: ideas.principalInvestigatorId,
      caseManagerId: ideas.caseManagerId,
    })
    .from(ideas)
    .where(and(eq(ideas.tenantId, tenantId), eq(ideas.id, ideaId)));
  return row;
}

/** What an idea names now: a save may keep these even once they are deactivated. */
export async function findIdeaLookups(db: Executor, tenantId: number, ideaId: number) {
  const [idea] = await db
    .select({ ipStatusId: ideas.ipStatusId })
    .from(ideas)
    .where(and(eq(ideas.tenantId, tenantId), eq(ideas.id, ideaId)));
  const supports = await db
    .select({ id: ideaSupports.supportId })
    .from(ideaSupports)
    .where(and(eq(ideaSupports.tenantId, tenantId), eq(ideaSupports.ideaId, ideaId)));
  return { ipStatusId: idea?.ipStatusId ?? null, supportIds: supports.map((row) => row.id) };
}

export async function activeIpStatusExists(db: Executor, tenantId: number, id: number) {
  const [row] = await db
    .select({ id: ipStatuses.id })
    .from(ipStatuses)
    .where(
      and(eq(ipStatuses.tenantId, tenantId), eq(ipStatuses.id, id), eq(ipStatuses.isActive, true)),
    );
  return row !== undefined;
}

export async function countActiveSupportTypes(db: Executor, tenantId: number, ids: number[]) {
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ id: supportTypes.id })
    .from(supportTypes)
    .where(
      and(
        eq(supportTypes.tenantId, tenantId),
        inArray(supportTypes.id, ids),
        eq(supportTypes.isActive, true),
      ),
    );
  return rows.length;
}

async function insertParts(db: Executor, tenantId: number, ideaId: number, idea: IdeaContent) {
  if (idea.urls.length) {
    await db
      .insert(ideaLinks)
      .values(idea.urls.map((link, position) => ({ tenantId, ideaId, position, ...link })));
  }
  if (idea.patents.length) {
    await db
      .insert(ideaPatents)
      .values(idea.patents.map((number, position) => ({ tenantId, ideaId, position, number })));
  }
  if (idea.supportIds.length) {
    await db
      .insert(ideaSupports)
      .values(idea.supportIds.map((supportId) => ({ tenantId, ideaId, supportId })));
  }
}

const columns = (idea: IdeaContent) => ({
  title: idea.title,
  introduction: idea.introduction,
  problem: idea.problem,
  opportunity: idea.opportunity,
  ipStatusId: idea.ipStatusId,
});

export async function insertIdea(
  db: Executor,
  tenantId: number,
  principalInvestigatorId: number,
  idea: IdeaContent,
  postedAt: Date,
): Promise<number> {
  const [row] = await db
    .insert(ideas)
    .values({
      tenantId,
      principalInvestigatorId,
      ...columns(idea),
      createdAt: postedAt,
      updatedAt: postedAt,
    })
    .returning({ id: ideas.id });
  if (!row) throw new Error('idea insert returned nothing');
  await insertParts(db, tenantId, row.id, idea);
  return row.id;
}

/** Replaces the idea's content whole: PUT carries every field (CONTRACT §3). */
export async function replaceIdea(
  db: Executor,
  tenantId: number,
  ideaId: number,
  idea: IdeaContent,
) {
  await db
    .update(ideas)
    .set({ ...columns(idea), updatedAt: sql`now()` })
    .where(and(eq(ideas.tenantId, tenantId), eq(ideas.id, ideaId)));
  const ofIdea = <T extends typeof ideaLinks | typeof ideaPatents | typeof ideaSupports>(t: T) =>
    and(eq(t.tenantId, tenantId), eq(t.ideaId, ideaId));
  await db.delete(ideaLinks).where(ofIdea(ideaLinks));
  await db.delete(ideaPatents).where(ofIdea(ideaPatents));
  await db.delete(ideaSupports).where(ofIdea(ideaSupports));
  await insertParts(db, tenantId, ideaId, idea);
}

/** Links, patents, supports and follows go with it (foreign keys cascade). */
export async function deleteIdeaRow(db: Executor, tenantId: number, ideaId: number) {
  await db.delete(ideas).where(and(eq(ideas.tenantId, tenantId), eq(ideas.id, ideaId)));
}

export async function addFollow(
  db: Executor,
  tenantId: number,
  userId: number,
  ideaId: number,
  followedAt: Date,
) {
  await db
    .insert(follows)
    .values({ tenantId, userId, ideaId, createdAt: followedAt })
    .onConflictDoNothing();
}

export async function removeFollow(db: Executor, tenantId: number, userId: number, ideaId: number) {
  await db
    .delete(follows)
    .where(
      and(eq(follows.tenantId, tenantId), eq(follows.userId, userId), eq(follows.ideaId, ideaId)),
    );
}

const OWNERS_LIMIT = 50;

/**
 * Active members who are the principal investigator of at least one idea, by name ignoring case.
 * The order and the status columns follow users_directory_idx, so the walk stops after 50 hits.
 */
export function searchIdeaOwners(
  db: Executor,
  tenantId: number,
  filter: { schoolIds?: number[] | undefined; departmentIds?: number[] | undefined; q: string },
) {
  const name = sql`lower(u.first_name || ' ' || u.last_name)`;
  const pattern = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return queryRows(
    db,
    sql`select u.id, u.first_name || ' ' || u.last_name as name
        from users u
        where u.tenant_id = ${tenantId}
          and u.admin_status_id = ${status.approved} and u.user_status_id = ${status.approved}
          and not u.is_disabled
          ${filter.schoolIds ? sql`and u.school_id ${anyId(filter.schoolIds)}` : sql``}
          ${filter.departmentIds ? sql`and u.department_id ${anyId(filter.departmentIds)}` : sql``}
          ${filter.q ? sql`and ${name} like ${pattern}` : sql``}
          and exists (select 1 from ideas i
                      where i.tenant_id = ${tenantId} and i.principal_investigator_id = u.id)
        order by ${name}, u.id
        limit ${OWNERS_LIMIT}`,
    memberNameRow,
  );
}
