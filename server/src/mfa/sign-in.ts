import { mfaMessages } from '@kindling/contract';
import { giveBack, take } from '../auth/rate-limits.ts';
import { openSession, type SignedIn, signOut } from '../auth/service.ts';
import type { Deps } from '../context.ts';
import type { Tx } from '../db/client.ts';
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

/** A second step's answer, judged in the transaction that would open the session. */
export type Judge = (
  tx: Tx,
  challenge: { id: number; userId: number },
  now: Date,
) => Promise<boolean>;

/**
 * `POST /auth/sign-in/mfa`: the second step of a sign-in with a code from the authenticator app or
 * a recovery code.
 */
export function signInWithCode(
  deps: Deps,
  tenant: TenantRow,
  input: SecondStepInput & { code: string },
): Promise<SignedIn> {
  const code = input.code.trim();
  const judge: Judge = async (tx, challenge, now) => {
    if (/^\d{6}$/.test(code)) {
      const authenticator = await findAuthenticator(tx, tenant.id, challenge.userId);
      const step =
        authenticator?.enabledAt &&
        (await stepOfCode(deps.config, tenant.id, authenticator.secretSealed, code, now));
      return (
        typeof step === 'number' &&
        (await useStep(tx, tenant.id, challenge.userId, step, now, false))
      );
    }
    if (looksLikeRecoveryCode(code)) {
      const hash = recoveryCodeHash(deps.config, challenge.userId, code);
      return useRecoveryCode(tx, tenant.id, challenge.userId, hash, now);
    }
    return false;
  };
  return answerSecondStep(
    deps,
    tenant,
    input,
    judge,
    () =>
      new AppError('CODE_MISMATCH', mfaMessages.codeMismatch, [
        { field: 'code', error: mfaMessages.codeMismatch },
      ]),
  );
}

export interface SecondStepInput {
  challenge: string;
  userAgent: string | undefined;
  previousSession: { tenantId: number; sessionId: number } | null;
}

/**
 * The second step of a sign-in, whatever answers it (a code here, a passkey in passkeys/sign-in.ts).
 * Like the password (decision 0025) every attempt is counted before it is judged, against the
 * member's 10 wrong answers in 15 minutes (a rate limiter, given back when the answer was right)
 * and the challenge's 5 (one conditional update), so no more than those are judged however many
 * arrive at once. A right answer is used up (the TOTP step moves on, the recovery code is spent,
 * the passkey's counter moves) in the transaction that uses up the challenge and opens the
 * session: if any part fails, none happened.
 */
export async function answerSecondStep(
  deps: Deps,
  tenant: TenantRow,
  input: SecondStepInput,
  judge: Judge,
  wrong: () => AppError,
): Promise<SignedIn> {
  const now = deps.now();
  const db = deps.database.db;
  const challenge = await liveChallenge(deps, tenant, input.challenge);
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

  const previous = input.previousSession;
  const signedIn = await inTenant(db, tenant.id, async (tx) => {
    if (!(await judge(tx, challenge, now))) return null;
    if (!(await consumeChallenge(tx, tenant.id, challenge.id, now))) throw expired();
    return openSession(deps, tx, {
      tenantId: tenant.id,
      userId: challenge.userId,
      remember: challenge.remember,
      userAgent: input.userAgent,
      replaces: previous?.tenantId === tenant.id ? previous.sessionId : null,
    });
  });
  if (!signedIn) throw wrong();
  await giveBack(limiter, key);
  if (previous && previous.tenantId !== tenant.id) {
    await signOut(deps, previous.tenantId, previous.sessionId);
  }
  return signedIn;
}

/**
 * The sign-in challenge a second step answers, while it lives and has attempts left: else 401
 * (expired, used, unknown, another tenant's) or 429 (5 wrong answers).
 */
export async function liveChallenge(deps: Deps, tenant: TenantRow, token: string) {
  const challenge = await inTenant(deps.database.db, tenant.id, (tx) =>
    findChallenge(tx, tenant.id, challengeHash(deps, token)),
  );
  if (!challenge || challenge.consumedAt || challenge.expiresAt <= deps.now()) throw expired();
  if (challenge.attempts >= CHALLENGE_ATTEMPTS) {
    throw new AppError('TOO_MANY_REQUESTS', mfaMessages.challengeSpent);
  }
  return challenge;
}
