import {
  type InterestAnswer,
  type InterestKind,
  interestKinds,
  interestStatuses,
} from '@kindling/contract';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, queryRows } from '../db/client.ts';
import { idRow } from '../db/rows.ts';
import { interestRequests } from '../db/schema-discussion.ts';
import { sameTenant } from '../db/schema-tenants.ts';
import { isoTime } from '../ideas/idea-rows.ts';

/** A request's row: `columns` below. */
const requestRow = z.strictObject({
  id: z.number(),
  kind: z.enum(interestKinds),
  message: z.string(),
  status: z.enum(interestStatuses),
  created_at: z.string(),
  first_answered_at: z.string().nullable(),
  waited_seconds: z.number(),
  reason: z.string().nullable(),
});
export type RequestColumns = z.output<typeof requestRow>;

const ideaRequestRow = requestRow.extend({
  requester: z.strictObject({
    id: z.number(),
    first_name: z.string(),
    last_name: z.string(),
    profile_image_url: z.string().nullable(),
    role_name: z.string(),
    email: z.string(),
    headline: z.string(),
  }),
});
export type IdeaRequestRow = z.output<typeof ideaRequestRow>;

const myRequestRow = requestRow.extend({
  idea: z.strictObject({ id: z.number(), title: z.string() }),
});
export type MyRequestRow = z.output<typeof myRequestRow>;

/** The request's columns for `r`; how long it waited is counted to its first answer, else `now`. */
const columns = (now: Date) => sql`r.id, r.kind, r.message, r.status,
  ${isoTime(sql`r.created_at`)} as created_at,
  case when r.first_answered_at is null then null else ${isoTime(sql`r.first_answered_at`)} end
    as first_answered_at,
  greatest(0, floor(extract(epoch from
    coalesce(r.first_answered_at, ${now.toISOString()}::timestamptz) - r.created_at)))::int
    as waited_seconds,
  r.reason`;

/**
 * One open request per member and idea: the partial unique index decides, so two requests sent at
 * once cannot both be written (the second waits for the first and then inserts nothing). Answers
 * the new id, or undefined when an open one exists.
 */
export async function insertOpenRequest(
  db: Executor,
  values: {
    tenantId: number;
    ideaId: number;
    requesterId: number;
    kind: InterestKind;
    message: string;
    at: Date;
  },
): Promise<number | undefined> {
  const [row] = await queryRows(
    db,
    sql`insert into interest_requests
          (tenant_id, idea_id, requester_id, kind, message, created_at, updated_at)
        values (${values.tenantId}, ${values.ideaId}, ${values.requesterId}, ${values.kind},
                ${values.message}, ${values.at.toISOString()}, ${values.at.toISOString()})
        on conflict (tenant_id, idea_id, requester_id) where status in ('open', 'responded')
        do nothing
        returning id`,
    idRow,
  );
  return row?.id;
}

/** An idea's requests, newest first, with the requester as the office needs them. */
export function ideaRequests(
  db: Executor,
  tenantId: number,
  ideaId: number,
  now: Date,
): Promise<IdeaRequestRow[]> {
  return queryRows(
    db,
    sql`select ${columns(now)},
          json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name,
            'profile_image_url', u.profile_image_url, 'role_name', ro.name, 'email', u.email,
            'headline', u.headline) as requester
        from interest_requests r
        join users u on ${sameTenant('u.id', 'r.requester_id')}
        join roles ro on ${sameTenant('ro.id', 'u.role_id')}
        where r.tenant_id = ${tenantId} and r.idea_id = ${ideaId}
        order by r.created_at desc, r.id desc`,
    ideaRequestRow,
  );
}

/** A member's own requests, newest first, with their ideas. */
export function memberRequests(
  db: Executor,
  tenantId: number,
  requesterId: number,
  now: Date,
): Promise<MyRequestRow[]> {
  return queryRows(
    db,
    sql`select ${columns(now)}, json_build_object('id', i.id, 'title', i.title) as idea
        from interest_requests r
        join ideas i on ${sameTenant('i.id', 'r.idea_id')}
        where r.tenant_id = ${tenantId} and r.requester_id = ${requesterId}
        order by r.created_at desc, r.id desc`,
    myRequestRow,
  );
}

const lockedRequestRow = z.strictObject({
  id: z.number(),
  kind: z.enum(interestKinds),
  status: z.enum(interestStatuses),
  idea_id: z.number(),
  idea_title: z.string(),
  requester_id: z.number(),
  principal_investigator_id: z.number(),
  case_manager_id: z.number().nullable(),
  requester_name: z.string(),
});

/** A request, locked, with who may answer it, who asked, and the names its audit entry reads. */
export async function findRequest(db: Executor, tenantId: number, requestId: number) {
  const [row] = await queryRows(
    db,
    sql`select r.id, r.kind, r.status, r.idea_id, i.title as idea_title, r.requester_id,
          i.principal_investigator_id, i.case_manager_id,
          u.first_name || ' ' || u.last_name as requester_name
        from interest_requests r
        join ideas i on ${sameTenant('i.id', 'r.idea_id')}
        join users u on ${sameTenant('u.id', 'r.requester_id')}
        where r.tenant_id = ${tenantId} and r.id = ${requestId}
        for update of r`,
    lockedRequestRow,
  );
  return row;
}

export async function answerRequest(
  db: Executor,
  tenantId: number,
  requestId: number,
  answer: { status: InterestAnswer; reason: string | null; at: Date },
) {
  await db
    .update(interestRequests)
    .set({
      status: answer.status,
      reason: answer.reason,
      firstAnsweredAt: sql`coalesce(${interestRequests.firstAnsweredAt}, ${answer.at.toISOString()}::timestamptz)`,
      updatedAt: answer.at,
    })
    .where(and(eq(interestRequests.tenantId, tenantId), eq(interestRequests.id, requestId)));
}

/** The overview's figures: requests by kind and status, and the median wait for a first answer. */
export async function interestFigures(db: Executor, tenantId: number) {
  const counts = await queryRows(
    db,
    sql`select kind, status, count(*)::int as n from interest_requests
        where tenant_id = ${tenantId} group by kind, status`,
    z.strictObject({
      kind: z.enum(interestKinds),
      status: z.enum(interestStatuses),
      n: z.number(),
    }),
  );
  const [median] = await queryRows(
    db,
    sql`select round(percentile_cont(0.5) within group (
                 order by extract(epoch from first_answered_at - created_at)))::int as seconds
        from interest_requests
        where tenant_id = ${tenantId} and first_answered_at is not null`,
    z.strictObject({ seconds: z.number().nullable() }),
  );
  return { counts, medianSeconds: median?.seconds ?? null };
}
