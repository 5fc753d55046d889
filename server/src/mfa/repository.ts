import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { consumeOnce } from '../db/consume-once.ts';
import { mfaChallenges, recoveryCodes, totpAuthenticators } from '../db/schema-mfa.ts';
import { tenants } from '../db/schema-tenants.ts';
import { consumeSecret, countAttempt } from '../db/secret-rows.ts';
import { hasPasskeySql } from '../passkeys/repository.ts';

const authenticatorOf = (tenantId: number, userId: number) =>
  and(eq(totpAuthenticators.tenantId, tenantId), eq(totpAuthenticators.userId, userId));

export async function findAuthenticator(db: Executor, tenantId: number, userId: number) {
  const [row] = await db.select().from(totpAuthenticators).where(authenticatorOf(tenantId, userId));
  return row;
}

/** A new secret waiting for its first code, in place of any earlier setup never confirmed. */
export async function saveSetup(
  db: Executor,
  values: { tenantId: number; userId: number; secretSealed: string },
) {
  await db
    .insert(totpAuthenticators)
    .values(values)
    .onConflictDoUpdate({
      target: [totpAuthenticators.tenantId, totpAuthenticators.userId],
      set: { secretSealed: values.secretSealed, createdAt: sql`now()` },
      setWhere: isNull(totpAuthenticators.enabledAt),
    });
}

/**
 * Accepts the code of time step `step`: the last step moves forward only, in one statement, so of
 * two requests with one code (or a code older than the last one used) only one is ever accepted.
 * `enable` turns a confirmed setup on. False when the step was not after the last one.
 */
export async function useStep(
  db: Executor,
  tenantId: number,
  userId: number,
  step: number,
  now: Date,
  enable: boolean,
): Promise<boolean> {
  const rows = await db
    .update(totpAuthenticators)
    .set(enable ? { lastStep: step, enabledAt: now } : { lastStep: step })
    .where(
      and(
        authenticatorOf(tenantId, userId),
        enable ? isNull(totpAuthenticators.enabledAt) : isNotNull(totpAuthenticators.enabledAt),
        or(isNull(totpAuthenticators.lastStep), lt(totpAuthenticators.lastStep, step)),
      ),
    )
    .returning({ userId: totpAuthenticators.userId });
  return rows.length === 1;
}

/** Turns the second factor off: the authenticator and every recovery code go. */
export async function removeSecondFactor(
  db: Executor,
  tenantId: number,
  userId: number,
): Promise<boolean> {
  await db
    .delete(recoveryCodes)
    .where(and(eq(recoveryCodes.tenantId, tenantId), eq(recoveryCodes.userId, userId)));
  const rows = await db
    .delete(totpAuthenticators)
    .where(and(authenticatorOf(tenantId, userId), isNotNull(totpAuthenticators.enabledAt)))
    .returning({ userId: totpAuthenticators.userId });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(
  db: Executor,
  tenantId: number,
  userId: number,
  codeHashes: string[],
) {
  await db
    .delete(recoveryCodes)
    .where(and(eq(recoveryCodes.tenantId, tenantId), eq(recoveryCodes.userId, userId)));
  await db
    .insert(recoveryCodes)
    .values(codeHashes.map((codeHash) => ({ tenantId, userId, codeHash })));
}

/** Uses up one recovery code in one statement: of two requests with it, one gets true. */
export function useRecoveryCode(
  db: Executor,
  tenantId: number,
  userId: number,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  return consumeOnce(
    db,
    recoveryCodes,
    'usedAt',
    [
      eq(recoveryCodes.tenantId, tenantId),
      eq(recoveryCodes.userId, userId),
      eq(recoveryCodes.codeHash, codeHash),
    ],
    now,
  );
}

/**
 * The member's second factors: the authenticator app on or not, recovery codes left, whether they
 * hold a passkey, and so whether they have any (`any`).
 */
export async function secondFactorOf(db: Executor, tenantId: number, userId: number) {
  const [row] = await db
    .select({
      totp: sql<boolean>`exists (select 1 from ${totpAuthenticators}
        where ${totpAuthenticators.tenantId} = ${tenantId}
          and ${totpAuthenticators.userId} = ${userId}
          and ${totpAuthenticators.enabledAt} is not null)`,
      passkeys: hasPasskeySql(tenantId, userId),
      codesLeft: count(),
    })
    .from(recoveryCodes)
    .where(
      and(
        eq(recoveryCodes.tenantId, tenantId),
        eq(recoveryCodes.userId, userId),
        isNull(recoveryCodes.usedAt),
      ),
    );
  const totp = row?.totp ?? false;
  const passkeys = row?.passkeys ?? false;
  return { totp, passkeys, any: totp || passkeys, codesLeft: row?.codesLeft ?? 0 };
}

export async function requiresMfaForAdmins(db: Executor, tenantId: number): Promise<boolean> {
  const [row] = await db
    .select({ required: tenants.requireMfaForAdmins })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row?.required ?? false;
}

/** A new challenge; the member's challenges that are over go, so their rows stay few. */
export async function insertChallenge(
  db: Executor,
  values: {
    tenantId: number;
    userId: number;
    tokenHash: string;
    remember: boolean;
    expiresAt: Date;
  },
  now: Date,
) {
  await db
    .delete(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.tenantId, values.tenantId),
        eq(mfaChallenges.userId, values.userId),
        or(isNotNull(mfaChallenges.consumedAt), lt(mfaChallenges.expiresAt, now)),
      ),
    );
  await db.insert(mfaChallenges).values(values);
}

export async function findChallenge(db: Executor, tenantId: number, tokenHash: string) {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.tenantId, tenantId), eq(mfaChallenges.tokenHash, tokenHash)));
  return row;
}

/**
 * Counts an attempt at a live challenge before its code is judged, in one statement: however many
 * arrive together, no more than `max` are let through. Undefined when none is left, or the
 * challenge expired or was used meanwhile.
 */
export function takeChallengeAttempt(
  db: Executor,
  tenantId: number,
  challengeId: number,
  max: number,
  now: Date,
) {
  return countAttempt(
    db,
    mfaChallenges,
    tenantId,
    challengeId,
    gt(mfaChallenges.expiresAt, now),
    lt(mfaChallenges.attempts, max),
  );
}

/** Uses the challenge up; false if a concurrent request with a right code did first. */
export function consumeChallenge(db: Executor, tenantId: number, challengeId: number, now: Date) {
  return consumeSecret(db, mfaChallenges, tenantId, challengeId, now);
}
