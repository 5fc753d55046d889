import { mfaMessages } from '@kindling/contract';
import { giveBack, take } from '../auth/rate-limits.ts';
import { openSession, type SignedIn, signOut } from '../auth/service.ts';
import type { Deps } from '../context.ts';
import type { TenantRow } from '../db/system.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { AppError } from '../http/errors.ts';
import { challengeHash } from './challenges.ts';
import {
  consumeChallenge,
  findAuthenticator,
  findChallenge,
  takeChallengeAttempt,
  useRecoveryCode,
  useStep,
} from './repository.ts';
import { looksLikeRecoveryCode, recoveryCodeHash, stepOfCode } from './totp.ts';

/** CONTRACT §11: a challenge dies after 5 wrong codes. */
const CHALLENGE_ATTEMPTS = 5;

const expired = () => new AppError('UNAUTHORIZED', mfaMessages.challengeExpired);

/**
 * `POST /auth/sign-in/mfa`: the second step of a sign-in. Like the password (decision 0025) every
 * attempt is counted before its code is judged, against the member's 10 wrong codes in 15 minutes
 * (a rate limiter, given back when the code was right) and the challenge's 5 (one conditional
 * update), so no more than those are judged however many arrive at once. A right code is used up
 * (the TOTP step moves on, or the recovery code is spent) in the transaction that uses up the
 * challenge and opens the session: if any part fails, none happened.
 */
export async function signInWithCode(
  deps: Deps,
  tenant: TenantRow,
  input: {
    challenge: string;
    code: string;
    userAgent: string | undefined;
    previousSession: { tenantId: number; sessionId: number } | null;
  },
): Promise<SignedIn> {
  const now = deps.now();
  const db = deps.database.db;
  const challenge = await inTenant(db, tenant.id, (tx) =>
    findChallenge(tx, tenant.id, challengeHash(deps, input.challenge)),
  );
  if (!challenge || challenge.consumedAt || challenge.expiresAt <= now) throw expired();
  if (challenge.attempts >= CHALLENGE_ATTEMPTS) {
    throw new AppError('TOO_MANY_REQUESTS', mfaMessages.challengeSpent);
  }
  const limiter = deps.rateLimits.mfaFailures;
  const key = `${tenant.id}:${challenge.userId}`;
  if (!(await take(limiter, key)).allowed) {
    throw new AppError('TOO_MANY_REQUESTS', mfaMessages.accountLimit);
  }
  const attempt = await inTenant(db, tenant.id, (tx) =>
    takeChallengeAttempt(tx, tenant.id, challenge.id, CHALLENGE_ATTEMPTS, now),
  );
  if (attempt === undefined) {
    await giveBack(limiter, key);
    // Spent by concurrent wrong codes, or used or expired since it was read.
    const again = await inTenant(db, tenant.id, (tx) =>
      findChallenge(tx, tenant.id, challenge.tokenHash),
    );
    if (again && !again.consumedAt && again.expiresAt > now) {
      throw new AppError('TOO_MANY_REQUESTS', mfaMessages.challengeSpent);
    }
    throw expired();
  }

  const code = input.code.trim();
  const previous = input.previousSession;
  const signedIn = await inTenant(db, tenant.id, async (tx) => {
    let right = false;
    if (/^\d{6}$/.test(code)) {
      const authenticator = await findAuthenticator(tx, tenant.id, challenge.userId);
      const step =
        authenticator?.enabledAt &&
        (await stepOfCode(deps.config, tenant.id, authenticator.secretSealed, code, now));
      right =
        typeof step === 'number' &&
        (await useStep(tx, tenant.id, challenge.userId, step, now, false));
    } else if (looksLikeRecoveryCode(code)) {
      const hash = recoveryCodeHash(deps.config, challenge.userId, code);
      right = await useRecoveryCode(tx, tenant.id, challenge.userId, hash, now);
    }
    if (!right) return null;
    if (!(await consumeChallenge(tx, tenant.id, challenge.id, now))) throw expired();
    return openSession(deps, tx, {
      tenantId: tenant.id,
      userId: challenge.userId,
      remember: challenge.remember,
      userAgent: input.userAgent,
      replaces: previous?.tenantId === tenant.id ? previous.sessionId : null,
    });
  });
  if (!signedIn) {
    throw new AppError('CODE_MISMATCH', mfaMessages.codeMismatch, [
      { field: 'code', error: mfaMessages.codeMismatch },
    ]);
  }
  await giveBack(limiter, key);
  if (previous && previous.tenantId !== tenant.id) {
    await signOut(deps, previous.tenantId, previous.sessionId);
  }
  return signedIn;
}
