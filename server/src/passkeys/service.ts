import {
  PASSKEY_LIMIT,
  type PasskeyCreateBody,
  type PasskeyItem,
  type PasskeyOptionsAnswer,
  passkeyMessages,
} from '@kindling/contract';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record.ts';
import { reauthenticate } from '../auth/reauthentication.ts';
import type { Deps, SessionContext } from '../context.ts';
import { users } from '../db/schema-people.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { AppError, badRequest, conflict, notFound } from '../http/errors.ts';
import {
  CEREMONY_TIMEOUT_MS,
  ceremonyExpired,
  startCeremony,
  takeCeremonyOf,
  userHandle,
  webauthn,
} from './ceremonies.ts';
import type { RelyingParty } from './relying-party.ts';
import {
  countPasskeys,
  deletePasskey,
  insertPasskey,
  listPasskeys,
  renamePasskey,
} from './repository.ts';

type PasskeyRow = Awaited<ReturnType<typeof listPasskeys>>[number];

const present = (row: PasskeyRow): PasskeyItem => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  backed_up: row.backedUp,
});

export async function passkeysOf(deps: Deps, session: SessionContext): Promise<PasskeyItem[]> {
  const rows = await inTenant(deps.database.db, session.tenantId, (tx) =>
    listPasskeys(tx, session.tenantId, session.userId),
  );
  return rows.map(present);
}

/**
 * `POST /auth/passkeys/registration-options`: a discoverable credential (so it can sign in without
 * an e-mail) that verifies its user (a PIN or biometric), not one already on the member's list.
 */
export async function registrationOptions(
  deps: Deps,
  session: SessionContext,
  rp: RelyingParty,
): Promise<PasskeyOptionsAnswer> {
  const { tenantId, userId } = session;
  const { generateRegistrationOptions } = await webauthn();
  return inTenant(deps.database.db, tenantId, async (tx) => {
    const existing = await listPasskeys(tx, tenantId, userId);
    if (existing.length >= PASSKEY_LIMIT) throw conflict(passkeyMessages.tooMany);
    const [who] = await tx
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
    if (!who) throw new AppError('UNAUTHORIZED');
    const challenge = await startCeremony(deps, tx, {
      tenantId,
      purpose: 'register',
      userId,
      mfaChallengeId: null,
    });
    return {
      ...(await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: who.email,
        userDisplayName: `${who.firstName} ${who.lastName}`.trim() || who.email,
        userID: userHandle(deps, tenantId, userId),
        challenge: Buffer.from(challenge, 'base64url'),
        timeout: CEREMONY_TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({
          id: row.credentialId,
          transports: row.transports,
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      })),
    };
  });
}

/**
 * `POST /auth/passkeys`: the browser's attestation of the ceremony this member started, checked
 * against the tenant's host name and origin; the public key is kept as its bytes. Audited.
 */
export async function addPasskey(
  deps: Deps,
  session: SessionContext,
  rp: RelyingParty,
  body: PasskeyCreateBody,
): Promise<PasskeyItem> {
  const { tenantId, userId } = session;
  const { verifyRegistrationResponse } = await webauthn();
  const registered = await inTenant(deps.database.db, tenantId, async (tx) => {
    const ceremony = await takeCeremonyOf(
      deps,
      tx,
      tenantId,
      body.response.response.clientDataJSON,
      'register',
    );
    if (ceremony?.userId !== userId) return 'expired' as const;
    try {
      const result = await verifyRegistrationResponse({
        response: body.response,
        expectedChallenge: ceremony.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
      });
      return result.verified ? result.registrationInfo : ('unverified' as const);
    } catch {
      return 'unverified' as const;
    }
  });
  if (registered === 'expired') throw ceremonyExpired();
  if (registered === 'unverified') {
    throw badRequest(passkeyMessages.notVerified, [
      { field: 'response', error: passkeyMessages.notVerified },
    ]);
  }
  return inTenant(deps.database.db, tenantId, async (tx) => {
    if ((await countPasskeys(tx, tenantId, userId)) >= PASSKEY_LIMIT) {
      throw conflict(passkeyMessages.tooMany);
    }
    const { credential } = registered;
    const row = await insertPasskey(tx, {
      tenantId,
      userId,
      name: body.name,
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      backedUp: registered.credentialBackedUp,
    });
    if (!row) throw conflict(passkeyMessages.alreadyAdded);
    await recordAudit(tx, {
      tenantId,
      actorId: userId,
      action: 'passkey.add',
      targetType: 'user',
      targetId: userId,
      summary: `Added the passkey '${row.name}'`,
    });
    return present(row);
  });
}

export async function renameOwnPasskey(
  deps: Deps,
  session: SessionContext,
  id: number,
  name: string,
): Promise<PasskeyItem> {
  const row = await inTenant(deps.database.db, session.tenantId, (tx) =>
    renamePasskey(tx, session.tenantId, session.userId, id, name),
  );
  if (!row) throw notFound(passkeyMessages.notFound);
  return present(row);
}

/**
 * `DELETE /auth/passkeys/{id}`: after the member proves it is them (auth/reauthentication.ts), as
 * turning the authenticator app off does. Another member's passkey is 404, like a missing one.
 */
export async function removePasskey(
  deps: Deps,
  session: SessionContext,
  id: number,
  password: string | undefined,
): Promise<void> {
  const { tenantId, userId } = session;
  const exists = await inTenant(deps.database.db, tenantId, async (tx) =>
    (await listPasskeys(tx, tenantId, userId)).some((row) => row.id === id),
  );
  if (!exists) throw notFound(passkeyMessages.notFound);
  await reauthenticate(deps, session, password, {
    field: 'password',
    missing: passkeyMessages.password,
    incorrect: passkeyMessages.passwordIncorrect,
    signInAgain: passkeyMessages.reauthenticate,
  });
  await inTenant(deps.database.db, tenantId, async (tx) => {
    const removed = await deletePasskey(tx, tenantId, userId, id);
    if (!removed) throw notFound(passkeyMessages.notFound);
    await recordAudit(tx, {
      tenantId,
      actorId: userId,
      action: 'passkey.remove',
      targetType: 'user',
      targetId: userId,
      summary: `Removed the passkey '${removed.name}'`,
    });
  });
}
