import { randomInt } from 'node:crypto';
import {
  forgotPasswordMessages,
  limits,
  type MfaStepAnswer,
  type SessionAnswer,
  signInMessages,
  ssoMessages,
  status,
} from '@kindling/contract';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';

import type { Deps, SessionContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { accountElsewhere, type TenantRow } from '../db/system.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { AppError, forbidden, notFound } from '../http/errors.ts';
import { resetCodeMail } from '../mail/templates.ts';
import { challengeIfNeeded } from '../mfa/challenges.ts';
import { requiresMfaForAdmins, secondFactorOf } from '../mfa/repository.ts';
import { linkedProviderName } from '../sso/identity-repository.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { presentSession, presentUserDetails } from './presenter.ts';
import { consumeOrThrow, giveBack, type Taken, take } from './rate-limits.ts';
import {
  consumeToken,
  consumeTokens,
  countFailedAttempt,
  findUserByEmail,
  findUserDetails,
  insertSession,
  insertToken,
  lockForSignIn,
  lockLiveResetCode,
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
  /** The browser's User-Agent header, for the member's device list. */
  userAgent: string | undefined;
  /** The session the browser already had, revoked so a sign-in always starts a fresh one. */
  previousSession: { tenantId: number; sessionId: number } | null;
}

export interface SignedIn {
  token: string;
  answer: SessionAnswer;
  maxAgeSeconds: number;
}

/** Checking a password against this costs the same time as a real check and matches nothing. */
const DUMMY_HASH = hashPassword('not-a-real-password-1!A');

/** One of CONTRACT §5's counters, as a sign-in takes a point from it before judging a password. */
interface Counter {
  limiter: RateLimiterAbstract;
  key: string;
  /** The tenant whose audit log notes a burst on this counter, and the address it came from. */
  tenantId: number;
  clientAddress?: string;
  taken: Taken;
}

/**
 * CONTRACT §3 sign-in, with its distinct answers, under CONTRACT §5's failure limits. Every
 * attempt takes its points before the password is judged and gives them back when it was right,
 * so however many arrive at once, no more than the limit are judged. Exactly one hash is checked
 * whatever the e-mail: the answer's time does not tell whether it has accounts here or elsewhere.
 */
export async function signIn(
  deps: Deps,
  tenant: TenantRow,
  input: SignInInput,
): Promise<SignedIn | MfaStepAnswer> {
  const email = input.email.toLowerCase();
  const { signInFailures, signInFailuresPerEmail } = deps.rateLimits;
  const counters: Counter[] = [];
  const takeFrom = async (counter: Omit<Counter, 'taken'>) => {
    const taken = await take(counter.limiter, counter.key);
    if (taken.allowed) counters.push({ ...counter, taken });
    return taken.allowed;
  };
  const giveBackAll = () =>
    Promise.all(counters.map((counter) => giveBack(counter.limiter, counter.key)));
  // Per address across every tenant: kept per tenant, each portal of the deployment would give
  // the address another 10 guesses at one e-mail.
  const admitted =
    (await takeFrom({
      limiter: signInFailures,
      key: `${email}:${input.clientAddress}`,
      tenantId: tenant.id,
      clientAddress: input.clientAddress,
    })) &&
    (await takeFrom({
      limiter: signInFailuresPerEmail,
      key: `${tenant.id}:${email}`,
      tenantId: tenant.id,
    }));
  if (!admitted) {
    await giveBackAll();
    throw new AppError('TOO_MANY_REQUESTS');
  }
  const fail = async (error: AppError) => {
    for (const counter of counters) {
      if (!counter.taken.last) continue;
      await recordBurst(deps, counter.tenantId, {
        email,
        limit: counter.limiter,
        ...(counter.clientAddress ? { clientAddress: counter.clientAddress } : {}),
      });
    }
    throw error;
  };

  const user = await inTenant(deps.database.db, tenant.id, (tx) =>
    findUserByEmail(tx, tenant.id, email),
  );
  if (!user?.passwordHash) {
    // A guess at another tenant's account counts against that tenant's limit too; once it is used
    // up, that account is not checked from here either.
    const other = await accountElsewhere(deps.database.db, email, tenant.id);
    const checked =
      other &&
      (await takeFrom({
        limiter: signInFailuresPerEmail,
        key: `${other.tenantId}:${email}`,
        tenantId: other.tenantId,
      }))
        ? other
        : null;
    if (await verifyPassword(checked?.passwordHash ?? (await DUMMY_HASH), input.password)) {
      if (checked) {
        // The member's own password, at the wrong portal: not a guess at their account.
        const own = counters.pop();
        if (own) await giveBack(own.limiter, own.key);
        return fail(new AppError('FORBIDDEN', signInMessages.wrongEnvironment));
      }
    }
    return fail(new AppError('NOT_FOUND', signInMessages.userNotFound));
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    return fail(new AppError('UNAUTHORIZED', signInMessages.incorrect));
  }
  await giveBackAll();

  const previous = input.previousSession;
  const result = await inTenant(deps.database.db, tenant.id, async (tx) => {
    // A member with a second factor gets a challenge instead (CONTRACT §11, mfa/sign-in.ts).
    const challenge = await challengeIfNeeded(deps, tx, {
      tenantId: tenant.id,
      userId: user.id,
      remember: input.remember,
    });
    if (challenge) return challenge;
    return openSession(deps, tx, {
      tenantId: tenant.id,
      userId: user.id,
      remember: input.remember,
      userAgent: input.userAgent,
      replaces: previous?.tenantId === tenant.id ? previous.sessionId : null,
      // A reset since the password was checked above wins.
      check: (current) => {
        if (current.passwordHash !== user.passwordHash) {
          throw new AppError('UNAUTHORIZED', signInMessages.incorrect);
        }
      },
    });
  });
  // Another tenant's session is revoked under that tenant's row security, where it can be found.
  if ('token' in result && previous && previous.tenantId !== tenant.id) {
    await signOut(deps, previous.tenantId, previous.sessionId);
  }
  return result;
}

/**
 * Starts a session (CONTRACT §3) in the caller's transaction, for a password or a single sign-on.
 * The user and account are looked at again under a lock: a decline, a disable or a withdrawn
 * approval since they were read wins. `check` adds the caller's own condition on the locked row.
 */
export async function openSession(
  deps: Deps,
  tx: Tx,
  input: {
    tenantId: number;
    userId: number;
    remember: boolean;
    /** The browser's User-Agent header: what the member's device list shows of this session. */
    userAgent: string | undefined;
    /** The browser's previous session in this tenant, revoked as this one starts. */
    replaces: number | null;
    check?: (current: NonNullable<Awaited<ReturnType<typeof lockForSignIn>>>) => void;
  },
): Promise<SignedIn> {
  const { tenantId, userId } = input;
  const now = deps.now();
  const lifetime = input.remember ? limits.rememberSessionSeconds : limits.sessionSeconds;
  const token = randomToken();
  const current = await lockForSignIn(tx, tenantId, userId);
  if (!current) throw new AppError('UNAUTHORIZED', signInMessages.incorrect);
  input.check?.(current);
  if (current.isDisabled) throw new AppError('FORBIDDEN', signInMessages.disabled);
  if (current.adminStatusId !== status.approved || current.userStatusId !== status.approved) {
    throw new AppError('NOT_APPROVED', signInMessages.notApproved);
  }
  if (input.replaces !== null) await revokeSession(tx, tenantId, input.replaces, now);
  const session = await insertSession(tx, {
    tenantId,
    userId,
    tokenHash: tokenHash(deps.config.secretKey, token),
    remember: input.remember,
    issuedAt: now,
    expiresAt: new Date(now.getTime() + lifetime * 1000),
    // A header is the client's to make as long as it likes; a device needs only its start.
    userAgent: input.userAgent?.slice(0, limits.userAgentLength) || null,
  });
  const details = await findUserDetails(tx, tenantId, userId);
  if (!details) throw new Error('user details vanished during sign-in');
  const mfaSetupRequired = await mustSetUpMfa(tx, tenantId, userId, details.permissions);
  return {
    token,
    answer: presentSession(details, { ...session, mfaSetupRequired }),
    maxAgeSeconds: lifetime,
  };
}

/**
 * CONTRACT §11: an administrator of a tenant that requires a second factor, without one, may do
 * nothing but set it up (http/access.ts refuses the rest; the session lookup says the same).
 */
async function mustSetUpMfa(
  tx: Tx,
  tenantId: number,
  userId: number,
  permissions: readonly string[],
): Promise<boolean> {
  if (!permissions.includes('admin') || !(await requiresMfaForAdmins(tx, tenantId))) return false;
  return !(await secondFactorOf(tx, tenantId, userId)).any;
}

export function signOut(deps: Deps, tenantId: number, sessionId: number): Promise<void> {
  return inTenant(deps.database.db, tenantId, (tx) =>
    revokeSession(tx, tenantId, sessionId, deps.now()),
  );
}

export async function currentSession(
  deps: Deps,
  session: Pick<
    SessionContext,
    'tenantId' | 'userId' | 'remember' | 'issuedAt' | 'expiresAt' | 'mfaSetupRequired'
  >,
): Promise<SessionAnswer> {
  const details = await inTenant(deps.database.db, session.tenantId, (tx) =>
    findUserDetails(tx, session.tenantId, session.userId),
  );
  if (!details) throw new AppError('UNAUTHORIZED');
  return presentSession(details, session);
}

/** `GET /users/{id}`: the signed-in member's own details; anyone else's is 403. */
export async function ownDetails(deps: Deps, session: SessionContext, userId: number) {
  if (userId !== session.userId) throw forbidden();
  const row = await inTenant(deps.database.db, session.tenantId, (tx) =>
    findUserDetails(tx, session.tenantId, session.userId),
  );
  if (!row) throw forbidden();
  return presentUserDetails(row, session.remember);
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
  if (user.passwordHash === null) {
    // CONTRACT §8: an account made or claimed through single sign-on is sent to its provider;
    // one whose provider was removed may still set a password with a code.
    const provider = await inTenant(deps.database.db, tenant.id, (tx) =>
      linkedProviderName(tx, tenant.id, user.id),
    );
    if (provider) throw new AppError('FORBIDDEN', ssoMessages.signsInThrough(provider));
  }
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
 * Checks the code and sets the new password; the 5th wrong code voids it. The code is judged under
 * its row lock before any hashing, so concurrent attempts are counted one at a time and a wrong
 * code costs no hash; a right one is looked at again, locked, in the transaction that consumes it,
 * sets the password and revokes every session of the account.
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
  const codeHash = tokenHash(deps.config.secretKey, `${user.id}:${input.code}`);
  const judged = await inTenant(deps.database.db, tenant.id, async (tx) => {
    const live = await lockLiveResetCode(tx, tenant.id, user.id, now);
    if (!live) return 'expired' as const;
    if (live.tokenHash === codeHash) return 'right' as const;
    const attempts = await countFailedAttempt(tx, tenant.id, live.id);
    if (attempts === undefined) return 'expired' as const;
    if (attempts >= MAX_CODE_ATTEMPTS) {
      await consumeToken(tx, tenant.id, live.id, now);
      return 'limit' as const;
    }
    return 'mismatch' as const;
  });
  if (judged === 'limit')
    throw new AppError('TOO_MANY_REQUESTS', forgotPasswordMessages.attemptLimit);
  if (judged === 'mismatch')
    throw new AppError('CODE_MISMATCH', forgotPasswordMessages.codeMismatch);
  if (judged === 'expired') throw new AppError('CODE_MISMATCH', forgotPasswordMessages.codeExpired);

  const passwordHash = await hashPassword(input.password);
  const reset = await inTenant(deps.database.db, tenant.id, async (tx) => {
    // Voided by a 5th wrong code, replaced or used while the password was hashed: too late.
    const live = await lockLiveResetCode(tx, tenant.id, user.id, now);
    if (live?.tokenHash !== codeHash || !(await consumeToken(tx, tenant.id, live.id, now))) {
      return false;
    }
    await setPassword(tx, tenant.id, user.id, passwordHash, now);
    await revokeUserSessions(tx, tenant.id, user.id, now);
    return true;
  });
  if (!reset) throw new AppError('CODE_MISMATCH', forgotPasswordMessages.codeExpired);
}
