import {
  type PasskeyAssertion,
  type PasskeyOptionsAnswer,
  passkeyMessages,
} from '@kindling/contract';
import { consumeOrThrow } from '../auth/rate-limits.ts';
import { openSession, type SignedIn, signOut } from '../auth/service.ts';
import type { Deps } from '../context.ts';
import type { Executor } from '../db/client.ts';
import type { TenantRow } from '../db/system.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { AppError, conflict } from '../http/errors.ts';
import { answerSecondStep, liveChallenge, type SecondStepInput } from '../mfa/sign-in.ts';
import {
  CEREMONY_TIMEOUT_MS,
  ceremonyExpired,
  startCeremony,
  takeCeremonyOf,
  userHandle,
  webauthn,
} from './ceremonies.ts';
import type { RelyingParty } from './relying-party.ts';
import { findByCredentialId, listPasskeys, markUsed } from './repository.ts';

type PasskeyRow = NonNullable<Awaited<ReturnType<typeof findByCredentialId>>>;

/**
 * Anyone may start a passkey ceremony before signing in, and each leaves a row for 5 minutes: 30
 * in 5 minutes per client address keeps a flood from filling the table.
 */
async function admitCeremony(deps: Deps, clientAddress: string) {
  await consumeOrThrow(deps.rateLimits.passkeyCeremonies, clientAddress);
}

/**
 * Checks an assertion of `passkey` against the ceremony's challenge, the tenant's host name and
 * origin, and moves the passkey's counter forward: true when all of it holds.
 */
async function verifyAssertion(
  deps: Deps,
  tx: Executor,
  rp: RelyingParty,
  passkey: PasskeyRow,
  assertion: PasskeyAssertion,
  expectedChallenge: string,
  requireUserVerification: boolean,
): Promise<boolean> {
  const handle = assertion.response.userHandle;
  if (
    handle !== undefined &&
    handle !== Buffer.from(userHandle(deps, passkey.tenantId, passkey.userId)).toString('base64url')
  ) {
    return false;
  }
  const { verifyAuthenticationResponse } = await webauthn();
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as never,
      },
      requireUserVerification,
    });
    if (!result.verified) return false;
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    return false;
  }
  return markUsed(tx, passkey.tenantId, passkey.id, newCounter, deps.now());
}

/**
 * `POST /auth/passkeys/sign-in-options`: a sign-in with any passkey of the tenant the browser holds
 * (a discoverable credential, so no e-mail is asked), which must verify its user (a PIN or
 * biometric): it is then both factors at once.
 */
export async function signInOptions(
  deps: Deps,
  tenant: TenantRow,
  rp: RelyingParty,
  clientAddress: string,
): Promise<PasskeyOptionsAnswer> {
  await admitCeremony(deps, clientAddress);
  const challenge = await inTenant(deps.database.db, tenant.id, (tx) =>
    startCeremony(deps, tx, {
      tenantId: tenant.id,
      purpose: 'sign_in',
      userId: null,
      mfaChallengeId: null,
    }),
  );
  const { generateAuthenticationOptions } = await webauthn();
  return {
    ...(await generateAuthenticationOptions({
      rpID: rp.id,
      challenge: Buffer.from(challenge, 'base64url'),
      timeout: CEREMONY_TIMEOUT_MS,
      userVerification: 'required',
    })),
  };
}

/**
 * `POST /auth/sign-in/passkey`: a passwordless sign-in. The ceremony is used up and the signature
 * judged in one transaction; the session then opens by the password's own path (`openSession`:
 * a disabled, declined or unapproved account is refused exactly as there), with no second step.
 */
export async function signInWithPasskey(
  deps: Deps,
  tenant: TenantRow,
  rp: RelyingParty,
  input: {
    assertion: PasskeyAssertion;
    remember: boolean;
    userAgent: string | undefined;
    previousSession: { tenantId: number; sessionId: number } | null;
  },
): Promise<SignedIn> {
  const db = deps.database.db;
  const judged = await inTenant(db, tenant.id, async (tx) => {
    const ceremony = await takeCeremonyOf(
      deps,
      tx,
      tenant.id,
      input.assertion.response.clientDataJSON,
      'sign_in',
    );
    if (!ceremony) return 'expired' as const;
    const passkey = await findByCredentialId(tx, tenant.id, input.assertion.id);
    if (!passkey) return 'unknown' as const;
    const right = await verifyAssertion(
      deps,
      tx,
      rp,
      passkey,
      input.assertion,
      ceremony.challenge,
      true,
    );
    return right ? passkey.userId : ('unverified' as const);
  });
  if (judged === 'expired') throw ceremonyExpired();
  if (judged === 'unknown') throw new AppError('UNAUTHORIZED', passkeyMessages.unknown);
  if (judged === 'unverified') throw new AppError('UNAUTHORIZED', passkeyMessages.notVerified);

  const previous = input.previousSession;
  const signedIn = await inTenant(db, tenant.id, (tx) =>
    openSession(deps, tx, {
      tenantId: tenant.id,
      userId: judged,
      remember: input.remember,
      userAgent: input.userAgent,
      replaces: previous?.tenantId === tenant.id ? previous.sessionId : null,
    }),
  );
  if (previous && previous.tenantId !== tenant.id) {
    await signOut(deps, previous.tenantId, previous.sessionId);
  }
  return signedIn;
}

/**
 * `POST /auth/sign-in/mfa/passkey-options`: a ceremony bound to a live sign-in challenge, offering
 * the member's own passkeys. It costs the challenge no attempt; the answer does.
 */
export async function secondStepOptions(
  deps: Deps,
  tenant: TenantRow,
  rp: RelyingParty,
  token: string,
  clientAddress: string,
): Promise<PasskeyOptionsAnswer> {
  const challenge = await liveChallenge(deps, tenant, token);
  await admitCeremony(deps, clientAddress);
  const { passkeys, ceremony } = await inTenant(deps.database.db, tenant.id, async (tx) => {
    const passkeys = await listPasskeys(tx, tenant.id, challenge.userId);
    if (passkeys.length === 0) throw conflict(passkeyMessages.none);
    const ceremony = await startCeremony(deps, tx, {
      tenantId: tenant.id,
      purpose: 'mfa',
      userId: challenge.userId,
      mfaChallengeId: challenge.id,
    });
    return { passkeys, ceremony };
  });
  const { generateAuthenticationOptions } = await webauthn();
  return {
    ...(await generateAuthenticationOptions({
      rpID: rp.id,
      challenge: Buffer.from(ceremony, 'base64url'),
      timeout: CEREMONY_TIMEOUT_MS,
      // The password was the first factor: the passkey's presence is the second.
      userVerification: 'preferred',
      allowCredentials: passkeys.map((row) => ({
        id: row.credentialId,
        transports: row.transports,
      })),
    })),
  };
}

/**
 * `POST /auth/sign-in/mfa/passkey`: the second step answered with one of the member's passkeys,
 * under the code's limits (mfa/sign-in.ts): a wrong, foreign or replayed assertion is a wrong
 * answer, counted against the challenge's 5 and the member's 10 in 15 minutes.
 */
export function answerWithPasskey(
  deps: Deps,
  tenant: TenantRow,
  rp: RelyingParty,
  input: SecondStepInput & { assertion: PasskeyAssertion },
): Promise<SignedIn> {
  return answerSecondStep(
    deps,
    tenant,
    input,
    async (tx, challenge) => {
      const ceremony = await takeCeremonyOf(
        deps,
        tx,
        tenant.id,
        input.assertion.response.clientDataJSON,
        'mfa',
      );
      if (ceremony?.mfaChallengeId !== challenge.id) return false;
      const passkey = await findByCredentialId(tx, tenant.id, input.assertion.id);
      if (passkey?.userId !== challenge.userId) return false;
      return verifyAssertion(deps, tx, rp, passkey, input.assertion, ceremony.challenge, false);
    },
    () =>
      new AppError('CODE_MISMATCH', passkeyMessages.mismatch, [
        { field: 'response', error: passkeyMessages.mismatch },
      ]),
  );
}
