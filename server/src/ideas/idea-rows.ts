import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { sameTenant } from '../db/schema-tenants.ts';

/** A user summary as the database builds it (json_build_object below); the presenter picks fields. */
const personRow = z.strictObject({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  headline: z.string(),
  profile_image_url: z.string().nullable(),
  role_id: z.number(),
  role_icon: z.string(),
  role_name: z.string(),
  admin_status_id: z.number(),
  user_status_id: z.number(),
  school_id: z.number().nullable(),
  department_id: z.number().nullable(),
});
export type PersonRow = z.output<typeof personRow>;

/** An idea card's row: `summaryColumns`. */
export const summaryRow = z.strictObject({
  id: z.number(),
  title: z.string(),
  introduction: z.string(),
  created_at: z.string(),
  ip_status_id: z.number().nullable(),
  support_ids: z.array(z.number()),
  is_following: z.boolean(),
  follower_count: z.number(),
  comment_count: z.number(),
  principal_investigator: personRow,
  case_manager: personRow.nullable(),
});
export type SummaryRow = z.output<typeof summaryRow>;

const person = (u: string, r: string) =>
  sql.raw(`json_build_object('id', ${u}.id, 'email', ${u}.email, 'first_name', ${u}.first_name,
    'last_name', ${u}.last_name, 'headline', ${u}.headline, 'profile_image_url', ${u}.profile_image_url,
    'role_id', ${u}.role_id, 'role_icon', ${r}.icon, 'role_name', ${r}.name,
    'admin_status_id', ${u}.admin_status_id, 'user_status_id', ${u}.user_status_id,
    'school_id', ${u}.school_id, 'department_id', ${u}.department_id)`);

/** ISO 8601 in UTC, formatted by the database so both drivers answer the same string. */
export const isoTime = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The columns of an idea card for the idea aliased `i`, joined by `summaryJoins`. Supports, the
 * viewer's follow, the follower count and the comment tally (kept by triggers, decision 0033) are
 * correlated lookups on indexes led by tenant and idea: one statement for a whole page, whatever
 * its length.
 */
export function summaryColumns(tenantId: number, viewerId: number): SQL {
  return sql`i.id, i.title, i.introduction, ${isoTime(sql`i.created_at`)} as created_at,
    i.ip_status_id,
    array(select s.support_id from idea_supports s
          where s.tenant_id = ${tenantId} and s.idea_id = i.id order by s.support_id) as support_ids,
    exists(select 1 from follows f
           where f.tenant_id = ${tenantId} and f.user_id = ${viewerId} and f.idea_id = i.id)
      as is_following,
    (select count(*)::int from follows f where f.tenant_id = ${tenantId} and f.idea_id = i.id)
      as follower_count,
    coalesce((select c.comments from comment_tallies c
              where c.tenant_id = ${tenantId} and c.idea_id = i.id), 0) as comment_count,
    ${person('pi', 'pir')} as principal_investigator,
    case when cm.id is null then null else ${person('cm', 'cmr')} end as case_manager`;
}

export const summaryJoins = sql`
  join users pi on ${sameTenant('pi.id', 'i.principal_investigator_id')}
  join roles pir on ${sameTenant('pir.id', 'pi.role_id')}
  left join users cm on ${sameTenant('cm.id', 'i.case_manager_id')}
  left join roles cmr on ${sameTenant('cmr.id', 'cm.role_id')}`;

/**
 * `= any($1)` with the ids as one array parameter: an `in (...)` list would make the statement's
 * text, and so its prepared plan (db/client.ts), differ with every list length. A single id is
 * compared with `=`: then an index led by tenant and that column gives its rows newest first,
 * which PostgreSQL 15 cannot do for `= any`, so one school's page of the filtered feed reads 28
 * index entries instead of 230 (decision 0026).
 */
export const anyId = (ids: readonly number[]) =>
  ids.length === 1 ? sql`= ${ids[0]}` : sql`= any(${sql.param(ids)}::int[])`;
