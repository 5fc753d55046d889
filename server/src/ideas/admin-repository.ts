import { status } from '@kindling/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, queryRows } from '../db/client.ts';
import { memberNameRow, queryCount } from '../db/rows.ts';
import { sameTenant } from '../db/schema-tenants.ts';
import { isoTime } from './idea-rows.ts';

/** The console's idea filters; `'none'` asks for ideas without a value there. */
export interface AdminIdeaFilter {
  q?: string | undefined;
  ipStatusId?: number | 'none' | undefined;
  schoolId?: number | undefined;
  caseManagerId?: number | 'none' | undefined;
}

const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

function conditions(tenantId: number, filter: AdminIdeaFilter): SQL {
  const parts = [sql`i.tenant_id = ${tenantId}`];
  if (filter.q) parts.push(sql`lower(i.title) like ${contains(filter.q)}`);
  if (filter.ipStatusId === 'none') parts.push(sql`i.ip_status_id is null`);
  else if (filter.ipStatusId !== undefined) parts.push(sql`i.ip_status_id = ${filter.ipStatusId}`);
  if (filter.schoolId !== undefined) parts.push(sql`i.pi_school_id = ${filter.schoolId}`);
  if (filter.caseManagerId === 'none') parts.push(sql`i.case_manager_id is null`);
  else if (filter.caseManagerId !== undefined) {
    parts.push(sql`i.case_manager_id = ${filter.caseManagerId}`);
  }
  return sql.join(parts, sql` and `);
}

const unfiltered = (filter: AdminIdeaFilter) =>
  !filter.q &&
  filter.ipStatusId === undefined &&
  filter.schoolId === undefined &&
  filter.caseManagerId === undefined;

/** The unfiltered total comes from the tally the triggers keep, as the feed's does. */
export async function countAdminIdeas(db: Executor, tenantId: number, filter: AdminIdeaFilter) {
  return queryCount(
    db,
    unfiltered(filter)
      ? sql`select coalesce((select ideas from idea_tallies where tenant_id = ${tenantId}), 0)::int as n`
      : sql`select count(*)::int as n from ideas i where ${conditions(tenantId, filter)}`,
  );
}

const adminIdeaRow = z.strictObject({
  id: z.number(),
  title: z.string(),
  created_at: z.string(),
  pi_id: z.number(),
  pi_name: z.string(),
  school_name: z.string().nullable(),
  ip_status_name: z.string().nullable(),
  cm_id: z.number().nullable(),
  cm_name: z.string().nullable(),
  follower_count: z.number(),
});

/** Newest first, as the feed lists them; the recent index serves the order. */
export function adminIdeasPage(
  db: Executor,
  tenantId: number,
  filter: AdminIdeaFilter,
  window: { limit: number; offset: number },
) {
  return queryRows(
    db,
    sql`select i.id, i.title, ${isoTime(sql`i.created_at`)} as created_at,
          pi.id as pi_id, pi.first_name || ' ' || pi.last_name as pi_name,
          s.name as school_name, ip.name as ip_status_name,
          cm.id as cm_id, cm.first_name || ' ' || cm.last_name as cm_name,
          (select count(*)::int from follows f
           where f.tenant_id = ${tenantId} and f.idea_id = i.id) as follower_count
        from ideas i
        join users pi on ${sameTenant('pi.id', 'i.principal_investigator_id')}
        left join schools s on ${sameTenant('s.id', 'i.pi_school_id')}
        left join ip_statuses ip on ${sameTenant('ip.id', 'i.ip_status_id')}
        left join users cm on ${sameTenant('cm.id', 'i.case_manager_id')}
        where ${conditions(tenantId, filter)}
        order by i.created_at desc, i.id desc
        limit ${window.limit} offset ${window.offset}`,
    adminIdeaRow,
  );
}

/** Who may be a case manager: active staff (role 3, CONTRACT §1) and administrators. */
const candidate = sql`u.admin_status_id = ${status.approved} and u.user_status_id = ${status.approved}
  and not u.is_disabled and (u.role_id = 3 or 'admin' = any(u.permissions))`;

const CANDIDATES_LIMIT = 50;

export function caseManagerCandidates(db: Executor, tenantId: number, q: string) {
  const name = sql`lower(u.first_name || ' ' || u.last_name)`;
  return queryRows(
    db,
    sql`select u.id, u.first_name || ' ' || u.last_name as name, u.email, r.name as role_name
        from users u
        join roles r on ${sameTenant('r.id', 'u.role_id')}
        where u.tenant_id = ${tenantId} and ${candidate}
          ${q ? sql`and (${name} like ${contains(q)} or lower(u.email) like ${contains(q)})` : sql``}
        order by ${name}, u.id
        limit ${CANDIDATES_LIMIT}`,
    memberNameRow.extend({ email: z.string(), role_name: z.string() }),
  );
}

export async function findCandidate(db: Executor, tenantId: number, userId: number) {
  const [row] = await queryRows(
    db,
    sql`select u.id, u.first_name || ' ' || u.last_name as name from users u
        where u.tenant_id = ${tenantId} and u.id = ${userId} and ${candidate}`,
    memberNameRow,
  );
  return row;
}

const lockedIdeaRow = z.strictObject({
  id: z.number(),
  title: z.string(),
  principal_investigator_id: z.number(),
  pi_name: z.string(),
  case_manager_id: z.number().nullable(),
  cm_name: z.string().nullable(),
  follower_count: z.number(),
});

/** The idea with the names an audit entry reads by, locked for the change. */
export async function lockIdea(db: Executor, tenantId: number, ideaId: number) {
  const [row] = await queryRows(
    db,
    sql`select i.id, i.title, i.principal_investigator_id,
          pi.first_name || ' ' || pi.last_name as pi_name,
          i.case_manager_id, cm.first_name || ' ' || cm.last_name as cm_name,
          (select count(*)::int from follows f
           where f.tenant_id = ${tenantId} and f.idea_id = i.id) as follower_count
        from ideas i
        join users pi on ${sameTenant('pi.id', 'i.principal_investigator_id')}
        left join users cm on ${sameTenant('cm.id', 'i.case_manager_id')}
        where i.tenant_id = ${tenantId} and i.id = ${ideaId}
        for update of i`,
    lockedIdeaRow,
  );
  return row;
}

export async function setCaseManager(
  db: Executor,
  tenantId: number,
  ideaId: number,
  caseManagerId: number | null,
) {
  await db.execute(
    sql`update ideas set case_manager_id = ${caseManagerId}
        where tenant_id = ${tenantId} and id = ${ideaId}`,
  );
}
