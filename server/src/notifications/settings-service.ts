import {
  notificationSettingsMessages as m,
  type NotificationKind,
  type NotificationSettingsInput,
} from '@kindling/contract';
import type { Deps, SessionContext } from '../context.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { badRequest } from '../http/errors.ts';
import { mailSettingsOf, memberExists, setMailFrequencies } from './settings-repository.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

/** GET /notification-settings: every kind with the caller's frequency or the default. */
export async function readMailSettings(deps: Deps, session: SessionContext) {
  const email = await inTenant(deps.database.db, session.tenantId, (tx) =>
    mailSettingsOf(tx, session.tenantId, session.userId),
  );
  return { email };
}

/** PUT /notification-settings: the kinds named change, the others keep their setting. */
export async function saveMailSettings(
  deps: Deps,
  session: SessionContext,
  changes: NotificationSettingsInput,
) {
  const { tenantId, userId } = session;
  const email = await inTenant(deps.database.db, tenantId, async (tx) => {
    await setMailFrequencies(tx, tenantId, userId, changes.email);
    return mailSettingsOf(tx, tenantId, userId);
  });
  return { email };
}

const invalidToken = () => badRequest(m.tokenInvalid, [{ field: 'token', error: m.tokenInvalid }]);

/**
 * POST /unsubscribe (CONTRACT §9, RFC 8058): the token's kinds are set to off for its member in its
 * tenant. The token is all the authority there is, so anything not signed here is refused; when
 * the caller names a tenant (the app's screen does), it must be the token's.
 */
export async function unsubscribe(
  deps: Deps,
  tokens: UnsubscribeTokens,
  token: string,
  namedTenantId: number | undefined,
): Promise<{ message: string; kinds: NotificationKind[] }> {
  const signed = tokens.verify(token);
  if (!signed) throw invalidToken();
  if (namedTenantId !== undefined && namedTenantId !== signed.tenantId) {
    throw badRequest(m.tokenOtherTenant, [{ field: 'token', error: m.tokenOtherTenant }]);
  }
  const { tenantId, userId, kinds } = signed;
  await inTenant(deps.database.db, tenantId, async (tx) => {
    // A member deleted since the mail was sent has nothing left to unsubscribe from.
    if (!(await memberExists(tx, tenantId, userId))) throw invalidToken();
    await setMailFrequencies(
      tx,
      tenantId,
      userId,
      Object.fromEntries(kinds.map((kind) => [kind, 'off' as const])),
    );
  });
  return { message: m.unsubscribed, kinds };
}
