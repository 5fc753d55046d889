import { accountMessages, limits } from '@kindling/contract';
import type { Deps, SessionContext } from '../context.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { verifyPassword } from './password.ts';
import { giveBack, take } from './rate-limits.ts';
import { findPasswordHash } from './repository.ts';

/** The body field that carries the password, and what it answers when missing or wrong. */
export interface PasswordField {
  field: string;
  missing: string;
  incorrect: string;
  /** What a member without a password is told when their sign-in is too old: the change's words. */
  signInAgain?: string;
}

/**
 * CONTRACT §11: a call that changes how a member signs in, or what they hold, first makes sure it is
 * them. A member with a password gives it again, under a limit of wrong tries as sign-in has (10 in
 * 15 minutes per member, the point taken before the hash is checked, so tries sent together cannot
 * pass it). A member without one, who signs in only through their institution, instead must have
 * signed in within the last 5 minutes: their provider has just checked them.
 *
 * Answers the hash it checked (null for none), for the caller to find unchanged under its lock.
 */
export async function reauthenticate(
  deps: Deps,
  session: SessionContext,
  given: string | undefined,
  field: PasswordField,
): Promise<string | null> {
  const { tenantId, userId } = session;
  const hash = await inTenant(deps.database.db, tenantId, (tx) =>
    findPasswordHash(tx, tenantId, userId),
  );
  if (hash === null) {
    const age = deps.now().getTime() - session.issuedAt.getTime();
    if (age > limits.reauthenticationSeconds * 1000) {
      throw new AppError('FORBIDDEN', field.signInAgain ?? accountMessages.reauthenticate);
    }
    return null;
  }
  if (!given) throw badRequest(undefined, [{ field: field.field, error: field.missing }]);
  const limiter = deps.rateLimits.passwordChecks;
  const key = `${tenantId}:${userId}`;
  if (!(await take(limiter, key)).allowed) {
    throw new AppError('TOO_MANY_REQUESTS', accountMessages.attemptLimit);
  }
  if (!(await verifyPassword(hash, given))) {
    throw badRequest(undefined, [{ field: field.field, error: field.incorrect }]);
  }
  await giveBack(limiter, key);
  return hash;
}
