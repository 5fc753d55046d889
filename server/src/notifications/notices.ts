/**
 * What each change of CONTRACT §9 tells whom, called by the services in the transaction that makes
 * the change, so the notification commits with it or not at all. Each notice names its actor and
 * the idea's title as they are now; links are the app's paths. Each answers whether it queued
 * mail, for the service to nudge the mailer after its commit.
 */
import {
  type InterestAnswer,
  type InterestKind,
  interestKindLabels,
  interestStatusLabels,
} from '@kindling/contract';
import type { Tx } from '../db/client.ts';
import { administratorIds, ideaAudience, memberName } from './audience.ts';
import type { NotificationMail } from './notification-mail.ts';
import { notify } from './notify.ts';

interface Act {
  tenantId: number;
  actorId: number;
  at: Date;
  /** Null where nothing is mailed (the demo seed). */
  mail: NotificationMail | null;
}

/** A comment on an idea: its principal investigator, case manager and followers hear of it. */
export async function commentPosted(tx: Tx, act: Act & { ideaId: number }) {
  const idea = await ideaAudience(tx, act.tenantId, act.ideaId);
  if (!idea) return false;
  const actor = await memberName(tx, act.tenantId, act.actorId);
  return notify(
    tx,
    act.mail,
    act.tenantId,
    [...idea.owners, ...idea.followers],
    {
      kind: 'comment',
      actorId: act.actorId,
      ideaId: act.ideaId,
      text: `${actor} commented on “${idea.title}”`,
      link: `/ideas/${act.ideaId}#comments`,
    },
    act.at,
  );
}

/** A new interest request: the idea's principal investigator and case manager, and administrators. */
export async function interestExpressed(tx: Tx, act: Act & { ideaId: number; kind: InterestKind }) {
  const idea = await ideaAudience(tx, act.tenantId, act.ideaId);
  if (!idea) return false;
  const actor = await memberName(tx, act.tenantId, act.actorId);
  return notify(
    tx,
    act.mail,
    act.tenantId,
    [...idea.owners, ...(await administratorIds(tx, act.tenantId))],
    {
      kind: 'interest',
      actorId: act.actorId,
      ideaId: act.ideaId,
      text: `${actor} expressed interest in “${idea.title}”: ${interestKindLabels[act.kind].toLowerCase()}`,
      link: `/ideas/${act.ideaId}#interest`,
    },
    act.at,
  );
}

/** A request's new status: its requester hears of it, on their own requests' page. */
export async function interestAnswered(
  tx: Tx,
  act: Act & {
    requesterId: number;
    ideaId: number;
    ideaTitle: string;
    kind: InterestKind;
    status: InterestAnswer;
  },
) {
  const actor = await memberName(tx, act.tenantId, act.actorId);
  const kind = interestKindLabels[act.kind].toLowerCase();
  return notify(
    tx,
    act.mail,
    act.tenantId,
    [act.requesterId],
    {
      kind: 'interest_update',
      actorId: act.actorId,
      ideaId: act.ideaId,
      text: `${actor} marked your ${kind} request on “${act.ideaTitle}” ${interestStatusLabels[act.status].toLowerCase()}`,
      link: '/my-interest',
    },
    act.at,
  );
}

/** An idea edited by an owner: its followers hear of it, under its title as saved. */
export async function ideaEdited(tx: Tx, act: Act & { ideaId: number }) {
  const idea = await ideaAudience(tx, act.tenantId, act.ideaId);
  if (!idea) return false;
  const actor = await memberName(tx, act.tenantId, act.actorId);
  return notify(
    tx,
    act.mail,
    act.tenantId,
    idea.followers,
    {
      kind: 'idea_updated',
      actorId: act.actorId,
      ideaId: act.ideaId,
      text: `${actor} updated “${idea.title}”`,
      link: `/ideas/${act.ideaId}`,
    },
    act.at,
  );
}

/**
 * A member waiting for an administrator's approval: an invitation request (its actor is the
 * requester), a member's invitation of someone (the inviter), or a newcomer of single sign-on.
 */
export async function memberPending(tx: Tx, act: Act & { text: string }) {
  return notify(
    tx,
    act.mail,
    act.tenantId,
    await administratorIds(tx, act.tenantId),
    {
      kind: 'member_pending',
      actorId: act.actorId,
      ideaId: null,
      text: act.text,
      link: '/admin/requests',
    },
    act.at,
  );
}
