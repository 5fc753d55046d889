import { discussionMessages } from '@kindling/contract';
import type { SessionContext } from '../context.ts';
import { can } from '../http/access.ts';
import { forbidden } from '../http/errors.ts';

interface Owned {
  principalInvestigatorId: number;
  caseManagerId: number | null;
}

const ownsIdea = (session: SessionContext, idea: Owned) =>
  session.userId === idea.principalInvestigatorId || session.userId === idea.caseManagerId;

/** CONTRACT §9: nobody expresses interest in an idea they lead or manage. */
export function authorizeRequest(session: SessionContext, idea: Owned): void {
  if (ownsIdea(session, idea)) throw forbidden(discussionMessages.ownIdea);
}

/** The principal investigator, the case manager and administrators see and answer requests. */
const canAnswer = (session: SessionContext, idea: Owned) =>
  ownsIdea(session, idea) || can(session, 'admin');

export function authorizeReading(session: SessionContext, idea: Owned): void {
  if (!canAnswer(session, idea)) throw forbidden(discussionMessages.requestsNotYours);
}

export function authorizeAnswer(session: SessionContext, idea: Owned): void {
  if (!canAnswer(session, idea)) throw forbidden(discussionMessages.answerNotAllowed);
}
