import type { SessionContext } from '../context.ts';
import { forbidden } from '../http/errors.ts';

interface Owned {
  principalInvestigatorId: number;
  caseManagerId: number | null;
}

/** SPEC §6: an idea is the member's own when they are its principal investigator or case manager. */
function ownsIdea(session: SessionContext, idea: Owned): boolean {
  return session.userId === idea.principalInvestigatorId || session.userId === idea.caseManagerId;
}

/** Editing and deleting need ownership besides the permission; holding `admin` is not ownership. */
export function authorizeOwner(session: SessionContext, idea: Owned): void {
  if (!ownsIdea(session, idea)) throw forbidden();
}

/** An owner sees a disabled follow button (SPEC §4); the API refuses the same. */
export function authorizeFollow(session: SessionContext, idea: Owned): void {
  if (ownsIdea(session, idea)) throw forbidden('You cannot follow your own idea.');
}
