import { type AccountSession, accountMessages, type PasswordChangeBody } from '@kindling/contract';
import { recordAudit } from '../audit/record.ts';
import { hashPassword } from '../auth/password.ts';
import { reauthenticate } from '../auth/reauthentication.ts';
import { lockForSignIn, revokeUserSessions, setPassword } from '../auth/repository.ts';
import type { Deps, SessionContext } from '../context.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { presentSession } from './presenter.ts';
import { endLiveSession, liveSessions } from './repository.ts';

/** Where the member is signed in (CONTRACT §11): the current session first, then by last seen. */
export async function listSessions(deps: Deps, session: SessionContext): Promise<AccountSession[]> {
  const rows = await inTenant(deps.database.db, session.tenantId, (tx) =>
    liveSessions(tx, session.tenantId, session.userId, deps.now()),
  );
  const answer = rows.map((row) => presentSession(row, session.sessionId));
  return [...answer.filter((s) => s.current), ...answer.filter((s) => !s.current)];
}

/** Ends one of the member's own live sessions; any other id is 404, as if it did not exist. */
export async function endSession(deps: Deps, session: SessionContext, sessionId: number) {
  const ended = await inTenant(deps.database.db, session.tenantId, (tx) =>
    endLiveSession(tx, session.tenantId, session.userId, sessionId, deps.now()),
  );
  if (!ended) throw notFound();
}

/** Ends every session of the member but the one this call came with. */
export async function endOtherSessions(deps: Deps, session: SessionContext): Promise<void> {
  await inTenant(deps.database.db, session.tenantId, (tx) =>
    revokeUserSessions(tx, session.tenantId, session.userId, deps.now(), session.sessionId),
  );
}

/**
 * `PUT /auth/password`: the current password confirmed (or, for a member without one, a sign-in
 * within 5 minutes), the new one set, and every other session ended, as a stolen session must not
 * outlive the password its thief may have learnt. One transaction under the account's lock: a reset
 * or another change since the password was checked wins.
 */
export async function changePassword(
  deps: Deps,
  session: SessionContext,
  body: PasswordChangeBody,
): Promise<void> {
  const { tenantId, userId } = session;
  const incorrect = { field: 'current_password', error: accountMessages.currentIncorrect };
  const checked = await reauthenticate(deps, session, body.current_password, {
    field: incorrect.field,
    missing: accountMessages.currentPassword,
    incorrect: incorrect.error,
  });
  const passwordHash = await hashPassword(body.new_password);
  await inTenant(deps.database.db, tenantId, async (tx) => {
    const now = deps.now();
    const current = await lockForSignIn(tx, tenantId, userId);
    if (current?.passwordHash !== checked) throw badRequest(undefined, [incorrect]);
    await setPassword(tx, tenantId, userId, passwordHash, now);
    const ended = await revokeUserSessions(tx, tenantId, userId, now, session.sessionId);
    await recordAudit(tx, {
      tenantId,
      actorId: userId,
      action: checked === null ? 'account.password-set' : 'account.password-change',
      targetType: 'user',
      targetId: userId,
      summary: `${checked === null ? 'Set a first password' : 'Changed their password'}; ${ended} other session${ended === 1 ? '' : 's'} ended.`,
      detail: { sessions_ended: ended },
    });
  });
}
