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
  type NotificationKind,
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

type IdeaAudience = NonNullable<Awaited<ReturnType<typeof ideaAudience>>>;

/**
 * A notice about an idea, to whom `audience` picks, in the idea's title as saved and its actor's
 * name; nothing when the idea is gone.
 */
async function aboutIdea(
  tx: Tx,
  act: Act & { ideaId: number },
  notice: {
    kind: NotificationKind;
    audience: (idea: IdeaAudience) => number[] | Promise<number[]>;
    text: (actor: string, title: string) => string;
    link: string;
  },
) {
  const idea = await ideaAudience(tx, act.tenantId, act.ideaId);
  if (!idea) return false;
  const actor = await memberName(tx, act.tenantId, act.actorId);
  return notify(
    tx,
    act.mail,
    act.tenantId,
    await notice.audience(idea),
    {
      kind: notice.kind,
      actorId: act.actorId,
      ideaId: act.ideaId,
      text: notice.text(actor, idea.title),
      link: notice.link,
    },
    act.at,
  );
}

/** A comment on an idea: its principal investigator, case manager and followers hear of it. */
export function commentPosted(tx: Tx, act: Act & { ideaId: number }) {
  return aboutIdea(tx, act, {
    kind: 'comment',
    audience: (idea) => [...idea.owners, ...idea.followers],
    text: (actor, title) => `${actor} commented on “${title}”`,
    link: `/ideas/${act.ideaId}#comments`,
  });
}

/** A new interest request: the idea's principal investigator and case manager, and administrators. */
export function interestExpressed(tx: Tx, act: Act & { ideaId: number; kind: InterestKind }) {
  return aboutIdea(tx, act, {
    kind: 'interest',
    audience: async (idea) => [...idea.owners, ...(await administratorIds(tx, act.tenantId))],
    text: (actor, title) =>
      `${actor} expressed interest in “${title}”: ${interestKindLabels[act.kind].toLowerCase()}`,
    link: `/ideas/${act.ideaId}#interest`,
  });
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
export function ideaEdited(tx: Tx, act: Act & { ideaId: number }) {
  return aboutIdea(tx, act, {
    kind: 'idea_updated',
    audience: (idea) => idea.followers,
    text: (actor, title) => `${actor} updated “${title}”`,
    link: `/ideas/${act.ideaId}`,
  });
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
