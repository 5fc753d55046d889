import {
  discussionMessages,
  type InterestAnswer,
  type InterestKind,
  ideaMessages,
  interestKindLabels,
  interestStatusLabels,
} from '@kindling/contract';
import { recordAudit } from '../audit/record.ts';
import { consumeOrThrow } from '../auth/rate-limits.ts';
import type { Deps, SessionContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { conflict, notFound } from '../http/errors.ts';
import { findIdeaOwners } from '../ideas/repository.ts';
import { interestAnswered, interestExpressed } from '../notifications/notices.ts';
import { notificationMailOf } from '../notifications/notification-mail.ts';
import { authorizeAnswer, authorizeReading, authorizeRequest } from './policy.ts';
import {
  answerRequest,
  findRequest,
  ideaRequests,
  insertOpenRequest,
  memberRequests,
  type RequestColumns,
} from './repository.ts';

async function existingIdea(tx: Tx, tenantId: number, ideaId: number) {
  const idea = await findIdeaOwners(tx, tenantId, ideaId);
  if (!idea) throw notFound(ideaMessages.notFound);
  return idea;
}

/**
 * POST /ideas/{id}/interest, 10 an hour per member whatever their answer (then 429). The request
 * and CONTRACT §9's notifications of it (principal investigator, case manager, administrators)
 * commit together.
 */
export async function expressInterest(
  deps: Deps,
  session: SessionContext,
  ideaId: number,
  request: { kind: InterestKind; message: string },
) {
  const { tenantId, userId } = session;
  await consumeOrThrow(
    deps.rateLimits.interestRequests,
    `${tenantId}:${userId}`,
    discussionMessages.requestsTooFast,
  );
  const { id, mailed } = await inTenant(deps.database.db, tenantId, async (tx) => {
    authorizeRequest(session, await existingIdea(tx, tenantId, ideaId));
    const at = deps.now();
    const made = await insertOpenRequest(tx, {
      tenantId,
      ideaId,
      requesterId: userId,
      kind: request.kind,
      message: request.message,
      at,
    });
    if (made === undefined) throw conflict(discussionMessages.alreadyOpen);
    const mail = notificationMailOf(deps);
    const notice = { tenantId, actorId: userId, ideaId, kind: request.kind, at, mail };
    return { id: made, mailed: await interestExpressed(tx, notice) };
  });
  if (mailed) deps.mailer.nudge();
  return { id, status: 'open' as const };
}

/** What every list of requests answers of each, whoever reads it. */
function requestFields(row: RequestColumns) {
  return {
    id: row.id,
    kind: row.kind,
    message: row.message,
    status: row.status,
    created_at: row.created_at,
    first_answered_at: row.first_answered_at,
    waited_seconds: row.waited_seconds,
    reason: row.reason,
  };
}

/** GET /ideas/{id}/interest: the principal investigator, the case manager and administrators. */
export function listIdeaInterest(deps: Deps, session: SessionContext, ideaId: number) {
  const { tenantId } = session;
  return inTenant(deps.database.db, tenantId, async (tx) => {
    authorizeReading(session, await existingIdea(tx, tenantId, ideaId));
    const rows = await ideaRequests(tx, tenantId, ideaId, deps.now());
    return {
      requests: rows.map((row) => ({
        ...requestFields(row),
        requester: {
          id: row.requester.id,
          first_name: row.requester.first_name,
          last_name: row.requester.last_name,
          profile_image_url: row.requester.profile_image_url,
          role_name: row.requester.role_name,
          email: row.requester.email,
          headline: row.requester.headline,
        },
      })),
    };
  });
}

/** GET /me/interest: the caller's own requests with their ideas' titles. */
export async function listMyInterest(deps: Deps, session: SessionContext) {
  const rows = await inTenant(deps.database.db, session.tenantId, (tx) =>
    memberRequests(tx, session.tenantId, session.userId, deps.now()),
  );
  return {
    requests: rows.map((row) => ({
      ...requestFields(row),
      idea: { id: row.idea.id, title: row.idea.title },
    })),
  };
}

/**
 * PUT /interest/{id}: responded, declined (with a reason) or closed. A declined or closed request
 * is finished (409). The first answer's time is kept for the overview's median; every answer is
 * audited and notified to the requester in its transaction.
 */
export async function answerInterest(
  deps: Deps,
  session: SessionContext,
  requestId: number,
  answer: { status: InterestAnswer; reason: string },
) {
  const { tenantId, userId } = session;
  const mailed = await inTenant(deps.database.db, tenantId, async (tx) => {
    const request = await findRequest(tx, tenantId, requestId);
    if (!request) throw notFound(discussionMessages.requestNotFound);
    authorizeAnswer(session, {
      principalInvestigatorId: request.principal_investigator_id,
      caseManagerId: request.case_manager_id,
    });
    if (request.status === 'declined' || request.status === 'closed') {
      throw conflict(discussionMessages.requestFinished);
    }
    const reason = answer.reason === '' ? null : answer.reason;
    const at = deps.now();
    await answerRequest(tx, tenantId, requestId, { status: answer.status, reason, at });
    const queued = await interestAnswered(tx, {
      tenantId,
      actorId: userId,
      mail: notificationMailOf(deps),
      requesterId: request.requester_id,
      ideaId: request.idea_id,
      ideaTitle: request.idea_title,
      kind: request.kind,
      status: answer.status,
      at,
    });
    await recordAudit(tx, {
      tenantId,
      actorId: userId,
      action: 'interest.answer',
      targetType: 'idea',
      targetId: request.idea_id,
      summary: `Marked ${request.requester_name}'s ${interestKindLabels[request.kind].toLowerCase()} request on “${request.idea_title}” ${interestStatusLabels[answer.status].toLowerCase()}`,
      detail: { request_id: request.id, from: request.status, to: answer.status, reason },
    });
    return queued;
  });
  if (mailed) deps.mailer.nudge();
  return { message: 'The request has been updated.' };
}
