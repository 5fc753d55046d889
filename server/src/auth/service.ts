import { randomInt } from 'node:crypto';
import {
  forgotPasswordMessages,
  limits,
  type SessionAnswer,
  signInMessages,
  status,
} from '@kindling/contract';
import type { Deps } from '../context.ts';
import { accountsElsewhere, type TenantRow } from '../db/system.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { AppError, notFound } from '../http/errors.ts';
import { resetCodeMail } from '../mail/templates.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { presentSession } from './presenter.ts';
import { consumeOrThrow, count, exhausted } from './rate-limits.ts';
import {
  consumeTokens,
  countFailedAttempt,
  findLiveResetCode,
  findUserByEmail,
  findUserDetails,
  insertSession,
  insertToken,
  revokeSession,
  revokeUserSessions,
  setPassword,
} from './repository.ts';
import { recordBurst } from './signin-bursts.ts';
import { randomToken, tokenHash } from './tokens.ts';

const MAX_CODE_ATTEMPTS = 5;

export interface SignInInput {
  email: string;
  password: string;
  remember: boolean;
  clientAddress: string;
  /** The session the browser already had, revoked so a sign-in always starts a fresh one. */
  previousSessionId: number | null;
}

export interface SignedIn {
  token: string;
  answer: SessionAnswer;
  maxAgeSeconds: number;
}

/** Hashing a password that is then thrown away costs an attacker the same time as a real check. */
const DUMMY_HASH = hashPassword('not-a-real-password-1!A');

/** CONTRACT §3 sign-in, with its distinct answers, under CONTRACT §5's failure limits. */
export async function signIn(deps: Deps, tenant: TenantRow, input: SignInInput): Promise<SignedIn> {
  const email = input.email.toLowerCase();
  const { signInFailures, signInFailuresPerEmail } = deps.rateLimits;
  const byAddress = `${tenant.id}:${email}:${input.clientAddress}`;
  const byEmail = `${tenant.id}:${email}`;
  if (
    (await exhausted(signInFailures, byAddress)) ||
    (await exhausted(signInFailuresPerEmail, byEmail))
  ) {
    throw new AppError('TOO_MANY_REQUESTS');
  }
  const fail = async (error: AppError) => {
    if (await count(signInFailures, byAddress)) {
      await recordBurst(deps, tenant.id, {
        email,
        clientAddress: input.clientAddress,
        limit: signInFailures,
      });
    }
    if (await count(signInFailuresPerEmail, byEmail)) {
      await recordBurst(deps, tenant.id, { email, limit: signInFailuresPerEmail });
    }
    throw error;
  };

  const user = await inTenant(deps.database.db, tenant.id, (tx) =>
    findUserByEmail(tx, tenant.id, email),
  );
  if (!user?.passwordHash) {
    await verifyPassword(await DUMMY_HASH, input.password);
    for (const other of await accountsElsewhere(deps.database.db, email, tenant.id)) {
      if (await verifyPassword(other.passwordHash, input.password)) {
        return fail(new AppError('FORBIDDEN', signInMessages.wrongEnvironment));
      }
    }
    return fail(new AppError('NOT_FOUND', signInMessages.userNotFound));
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    return fail(new AppError('UNAUTHORIZED', signInMessages.incorrect));
  }
  if (user.isDisabled) throw new AppError('FORBIDDEN', signInMessages.disabled);
  if (user.adminStatusId !== status.approved || user.userStatusId !== status.approved) {
    throw new AppError('NOT_APPROVED', signInMessages.notApproved);
  }

  const now = deps.now();
  const lifetime = input.remember ? limits.rememberSessionSeconds : limits.sessionSeconds;
  const token = randomToken();
  const answer = await inTenant(deps.database.db, tenant.id, async (tx) => {
    if (input.previousSessionId !== null)
      await revokeSession(tx, tenant.id, input.previousSessionId, now);
    const session = await insertSession(tx, {
      tenantId: tenant.id,
      userId: user.id,
      tokenHash: tokenHash(deps.config.secretKey, token),
      remember: input.remember,
      issuedAt: now,
      expiresAt: new Date(now.getTime() + lifetime * 1000),
    });
    const details = await findUserDetails(tx, tenant.id, user.id);
    if (!details) throw new Error('user details vanished during sign-in');
    return presentSession(details, session);
  });
  return { token, answer, maxAgeSeconds: lifetime };
}

export function signOut(deps: Deps, tenantId: number, sessionId: number): Promise<void> {
  return inTenant(deps.database.db, tenantId, (tx) =>
    revokeSession(tx, tenantId, sessionId, deps.now()),
  );
}

export async function currentSession(
  deps: Deps,
  session: { tenantId: number; userId: number; remember: boolean; issuedAt: Date; expiresAt: Date },
): Promise<SessionAnswer> {
  const details = await inTenant(deps.database.db, session.tenantId, (tx) =>
    findUserDetails(tx, session.tenantId, session.userId),
  );
  if (!details) throw new AppError('UNAUTHORIZED');
  return presentSession(details, session);
}

/** `jane.doe@uni.edu` → `j***@u***.edu`: enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}

/** Mails a 6-digit code valid 15 minutes, replacing any earlier one; 5 codes per e-mail an hour. */
export async function forgotPassword(
  deps: Deps,
  tenant: TenantRow,
  email: string,
): Promise<string> {
  const now = deps.now();
  const user = await inTenant(deps.database.db, tenant.id, (tx) =>
    findUserByEmail(tx, tenant.id, email),
  );
  if (!user?.accountId) throw notFound(signInMessages.userNotFound);
  await consumeOrThrow(
    deps.rateLimits.resetCodes,
    `${tenant.id}:${email.toLowerCase()}`,
    forgotPasswordMessages.attemptLimit,
  );
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const mail = resetCodeMail(
    deps.mailer.brand(tenant),
    { email: user.email, firstName: user.firstName },
    code,
  );
  await inTenant(deps.database.db, tenant.id, async (tx) => {
    await consumeTokens(tx, tenant.id, user.id, 'reset', now);
    await insertToken(tx, {
      tenantId: tenant.id,
      userId: user.id,
      purpose: 'reset',
      tokenHash: tokenHash(deps.config.secretKey, `${user.id}:${code}`),
      expiresAt: new Date(now.getTime() + limits.resetCodeMinutes * 60_000),
    });
    await deps.mailer.enqueue(tx, tenant, mail);
  });
  deps.mailer.nudge();
  return maskEmail(user.email);
}

/**
 * Checks the code and sets the new password; the 5th wrong code voids it. Success consumes the code
 * and revokes every session of the account, all in one transaction.
 */
export async function resetPassword(
  deps: Deps,
  tenant: TenantRow,
  input: { email: string; code: string; password: string },
): Promise<void> {
  const now = deps.now();
  const user = await inTenant(deps.database.db, tenant.id, (tx) =>
    findUserByEmail(tx, tenant.id, input.email),
  );
  if (!user?.accountId) throw notFound(signInMessages.userNotFound);
  const passwordHash = await hashPassword(input.password);
  const outcome = await inTenant(deps.database.db, tenant.id, async (tx) => {
    const live = await findLiveResetCode(tx, tenant.id, user.id, now);
    if (!live) return 'expired' as const;
    if (live.tokenHash !== tokenHash(deps.config.secretKey, `${user.id}:${input.code}`)) {
      const attempts = await countFailedAttempt(tx, tenant.id, live.id);
      if (attempts >= MAX_CODE_ATTEMPTS) {
        await consumeTokens(tx, tenant.id, user.id, 'reset', now);
        return 'limit' as const;
      }
      return 'mismatch' as const;
    }
    await consumeTokens(tx, tenant.id, user.id, 'reset', now);
    await setPassword(tx, tenant.id, user.id, passwordHash, now);
    await revokeUserSessions(tx, tenant.id, user.id, now);
    return 'reset' as const;
  });
  if (outcome === 'limit')
    throw new AppError('TOO_MANY_REQUESTS', forgotPasswordMessages.attemptLimit);
  if (outcome === 'mismatch')
    throw new AppError('CODE_MISMATCH', forgotPasswordMessages.codeMismatch);
  if (outcome === 'expired')
    throw new AppError('CODE_MISMATCH', forgotPasswordMessages.codeExpired);
}
