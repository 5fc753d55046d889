import { and, asc, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { passkeys, webauthnChallenges } from '../db/schema-mfa.ts';

type Purpose = (typeof webauthnChallenges.$inferInsert)['purpose'];

const ofMember = (tenantId: number, userId: number) =>
  and(eq(passkeys.tenantId, tenantId), eq(passkeys.userId, userId));

export function listPasskeys(db: Executor, tenantId: number, userId: number) {
  return db
    .select()
    .from(passkeys)
    .where(ofMember(tenantId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function countPasskeys(db: Executor, tenantId: number, userId: number) {
  const [row] = await db.select({ n: count() }).from(passkeys).where(ofMember(tenantId, userId));
  return row?.n ?? 0;
}

export async function findByCredentialId(db: Executor, tenantId: number, credentialId: string) {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.tenantId, tenantId), eq(passkeys.credentialId, credentialId)));
  return row;
}

/** Undefined when the credential is already registered in the tenant (its unique key). */
export async function insertPasskey(db: Executor, values: typeof passkeys.$inferInsert) {
  const [row] = await db.insert(passkeys).values(values).onConflictDoNothing().returning();
  return row;
}

export async function renamePasskey(
  db: Executor,
  tenantId: number,
  userId: number,
  id: number,
  name: string,
) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(ofMember(tenantId, userId), eq(passkeys.id, id)))
    .returning();
  return row;
}

export async function deletePasskey(db: Executor, tenantId: number, userId: number, id: number) {
  const [row] = await db
    .delete(passkeys)
    .where(and(ofMember(tenantId, userId), eq(passkeys.id, id)))
    .returning({ name: passkeys.name });
  return row;
}

/**
 * A signature accepted: the counter moves to the authenticator's, and only forward (an
 * authenticator that keeps none answers 0 each time, which stays 0). False when a concurrent
 * use got there first with the same or a later counter: a cloned authenticator, or a replay.
 */
export async function markUsed(
  db: Executor,
  tenantId: number,
  id: number,
  counter: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter, lastUsedAt: now })
    .where(
      and(
        eq(passkeys.tenantId, tenantId),
        eq(passkeys.id, id),
        counter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, counter),
      ),
    )
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

/** A new ceremony's challenge; the tenant's challenges that are over go, so their rows stay few. */
export async function insertCeremony(
  db: Executor,
  values: {
    tenantId: number;
    purpose: Purpose;
    userId: number | null;
    mfaChallengeId: number | null;
    challengeHash: string;
    expiresAt: Date;
  },
  now: Date,
) {
  await db
    .delete(webauthnChallenges)
    .where(
      and(eq(webauthnChallenges.tenantId, values.tenantId), lt(webauthnChallenges.expiresAt, now)),
    );
  await db.insert(webauthnChallenges).values(values);
}

/**
 * Uses a ceremony's challenge up: one delete, so of any number of answers carrying it (a replay,
 * or the same answer sent twice at once) exactly one gets the row. Undefined when it is unknown,
 * of another purpose, used, or over.
 */
export async function takeCeremony(
  db: Executor,
  tenantId: number,
  challengeHash: string,
  purpose: Purpose,
  now: Date,
) {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.tenantId, tenantId),
        eq(webauthnChallenges.challengeHash, challengeHash),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({
      userId: webauthnChallenges.userId,
      mfaChallengeId: webauthnChallenges.mfaChallengeId,
    });
  return row;
}

/** Whether the member holds a passkey: a second factor (mfa/repository.ts asks too). */
export const hasPasskeySql = (tenantId: number, userId: number) =>
  sql<boolean>`exists (select 1 from ${passkeys}
    where ${passkeys.tenantId} = ${tenantId} and ${passkeys.userId} = ${userId})`;
