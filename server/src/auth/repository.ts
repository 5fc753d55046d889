import { and, eq, gt, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { accounts, sessions, userTokens } from '../db/schema-auth.ts';
import { users } from '../db/schema-people.ts';
import { departments, schools } from '../db/schema-reference.ts';
import { consumeSecret, countAttempt } from '../db/secret-rows.ts';
import { accountOfUser, withSchoolAndDepartment } from '../db/user-joins.ts';

export type TokenPurpose = 'claim' | 'reset';

/** What decides whether a member may sign in: their standing, and the account's hash. */
const signInStanding = {
  adminStatusId: users.adminStatusId,
  userStatusId: users.userStatusId,
  isDisabled: users.isDisabled,
  passwordHash: accounts.passwordHash,
};

/** A user of the tenant by e-mail (any case), with the account's hash when one exists. */
export async function findUserByEmail(db: Executor, tenantId: number, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      email: users.email,
      ...signInStanding,
      accountId: accounts.id,
    })
    .from(users)
    .leftJoin(accounts, accountOfUser)
    .where(and(eq(users.tenantId, tenantId), sql`lower(${users.email}) = ${email.toLowerCase()}`));
  return row;
}

/**
 * The user and account rows a sign-in is about to start a session for, locked until its
 * transaction ends: a password reset, a decline or a disable (each an update of one of these
 * rows) either commits first and is seen here, or waits and then revokes the new session.
 */
export async function lockForSignIn(db: Executor, tenantId: number, userId: number) {
  const [row] = await db
    .select(signInStanding)
    .from(users)
    .innerJoin(accounts, accountOfUser)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .for('update');
  return row;
}

/** What SPEC §3 user details are made of: the user, the account's subject, school and department. */
export async function findUserDetails(db: Executor, tenantId: number, userId: number) {
  const details = db
    .select({
      userId: users.id,
      subject: accounts.subject,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      profileImageUrl: users.profileImageUrl,
      roleId: users.roleId,
      schoolName: schools.name,
      departmentName: departments.name,
      permissions: users.permissions,
    })
    .from(users)
    .innerJoin(accounts, accountOfUser);
  const [row] = await withSchoolAndDepartment(details).where(
    and(eq(users.tenantId, tenantId), eq(users.id, userId)),
  );
  return row;
}
export type UserDetailsRow = NonNullable<Awaited<ReturnType<typeof findUserDetails>>>;

export async function insertSession(
  db: Executor,
  values: {
    tenantId: number;
    userId: number;
    tokenHash: string;
    remember: boolean;
    issuedAt: Date;
    expiresAt: Date;
    userAgent: string | null;
  },
) {
  const [row] = await db
    .insert(sessions)
    .values({ ...values, lastSeenAt: values.issuedAt })
    .returning();
  if (!row) throw new Error('session insert returned nothing');
  return row;
}

export async function revokeSession(db: Executor, tenantId: number, sessionId: number, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(eq(sessions.tenantId, tenantId), eq(sessions.id, sessionId), isNull(sessions.revokedAt)),
    );
}

/** Every live session of the account, but `except` (the one a password change keeps); how many. */
export async function revokeUserSessions(
  db: Executor,
  tenantId: number,
  userId: number,
  now: Date,
  except?: number,
) {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.tenantId, tenantId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        except === undefined ? undefined : ne(sessions.id, except),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Moves a session's `last_seen_at` to now unless it moved since `since`: of requests racing past
 * the session lookup's check, one writes and the rest find nothing to do.
 */
export async function markSessionSeen(
  db: Executor,
  tenantId: number,
  sessionId: number,
  now: Date,
  since: Date,
) {
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(sessions.tenantId, tenantId),
        eq(sessions.id, sessionId),
        lte(sessions.lastSeenAt, since),
      ),
    );
}

interface TokenRow {
  tenantId: number;
  userId: number;
  purpose: TokenPurpose;
  tokenHash: string;
  expiresAt: Date;
}

/** One token, or many in one statement (a bulk import's claim links). */
export async function insertToken(db: Executor, values: TokenRow | TokenRow[]) {
  if (Array.isArray(values) && values.length === 0) return;
  await db.insert(userTokens).values(Array.isArray(values) ? values : [values]);
}

/** The tenant's tokens that match `conditions`, have not expired and are not used up. */
function liveToken(tenantId: number, now: Date, ...conditions: SQL[]) {
  return and(
    eq(userTokens.tenantId, tenantId),
    ...conditions,
    gt(userTokens.expiresAt, now),
    isNull(userTokens.consumedAt),
  );
}

/** A token that has not expired; claim tokens stay readable after use (the awaiting-login state). */
export async function findLiveToken(
  db: Executor,
  tenantId: number,
  purpose: TokenPurpose,
  tokenHash: string,
  now: Date,
) {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(
      liveToken(
        tenantId,
        now,
        eq(userTokens.purpose, purpose),
        eq(userTokens.tokenHash, tokenHash),
      ),
    );
  return row;
}

/**
 * The user's current reset code (the newest one not used up or replaced), locked until the
 * transaction ends, so concurrent attempts at one code are judged one after another.
 */
export async function lockLiveResetCode(db: Executor, tenantId: number, userId: number, now: Date) {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(liveToken(tenantId, now, eq(userTokens.userId, userId), eq(userTokens.purpose, 'reset')))
    .orderBy(sql`${userTokens.createdAt} desc`)
    .limit(1)
    .for('update');
  return row;
}

export async function consumeTokens(
  db: Executor,
  tenantId: number,
  userId: number,
  purpose: TokenPurpose,
  now: Date,
) {
  await db
    .update(userTokens)
    .set({ consumedAt: now })
    .where(
      and(
        eq(userTokens.tenantId, tenantId),
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.consumedAt),
      ),
    );
}

/** Counts a wrong code against a live code; undefined if the code was used up meanwhile. */
export function countFailedAttempt(db: Executor, tenantId: number, tokenId: number) {
  return countAttempt(db, userTokens, tenantId, tokenId);
}

/** Uses up one token; false if it was already used up (by a concurrent request). */
export function consumeToken(db: Executor, tenantId: number, tokenId: number, now: Date) {
  return consumeSecret(db, userTokens, tenantId, tokenId, now);
}

/** The account's password hash; null for a member who signs in only through their institution. */
export async function findPasswordHash(db: Executor, tenantId: number, userId: number) {
  const [row] = await db
    .select({ passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.userId, userId)));
  return row?.passwordHash ?? null;
}

export async function setPassword(
  db: Executor,
  tenantId: number,
  userId: number,
  passwordHash: string,
  now: Date,
) {
  await db
    .update(accounts)
    .set({ passwordHash, passwordChangedAt: now })
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.userId, userId)));
}

export async function insertAccount(
  db: Executor,
  tenantId: number,
  userId: number,
  passwordHash: string,
) {
  const [row] = await db.insert(accounts).values({ tenantId, userId, passwordHash }).returning();
  return row;
}
