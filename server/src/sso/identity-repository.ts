import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { accounts, sessions } from '../db/schema-auth.ts';
import { users } from '../db/schema-people.ts';
import { identityProviders, ssoAssertions, ssoRequests, userIdentities } from '../db/schema-sso.ts';
import { sameTenant } from '../db/schema-tenants.ts';
import { accountOfUser } from '../db/user-joins.ts';

/** The user a provider's stable identifier was linked to, if any. */
export async function findLinkedUser(
  db: Executor,
  tenantId: number,
  providerId: number,
  issuer: string,
  subject: string,
) {
  const [row] = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(
      and(
        eq(userIdentities.tenantId, tenantId),
        eq(userIdentities.providerId, providerId),
        eq(userIdentities.issuer, issuer),
        eq(userIdentities.subject, subject),
      ),
    );
  return row?.userId;
}

export async function linkIdentity(
  db: Executor,
  values: { tenantId: number; providerId: number; issuer: string; subject: string; userId: number },
  now: Date,
) {
  await db
    .insert(userIdentities)
    .values({ ...values, lastSignInAt: now })
    .onConflictDoUpdate({
      target: [
        userIdentities.tenantId,
        userIdentities.providerId,
        userIdentities.issuer,
        userIdentities.subject,
      ],
      set: { lastSignInAt: now },
    });
}

/** What the matching rules read of a user: standing, and whether an account exists. */
export async function findStanding(
  db: Executor,
  tenantId: number,
  where: { id: number } | { email: string },
) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      adminStatusId: users.adminStatusId,
      userStatusId: users.userStatusId,
      isDisabled: users.isDisabled,
      accountId: accounts.id,
    })
    .from(users)
    .leftJoin(accounts, accountOfUser)
    .where(
      and(
        eq(users.tenantId, tenantId),
        'id' in where
          ? eq(users.id, where.id)
          : sql`lower(${users.email}) = ${where.email.toLowerCase()}`,
      ),
    );
  return row;
}

/** The provider a member last signed in through, by name: where a passwordless account goes. */
export async function linkedProviderName(db: Executor, tenantId: number, userId: number) {
  const [row] = await db
    .select({ name: identityProviders.name })
    .from(userIdentities)
    .innerJoin(identityProviders, sameTenant(identityProviders.id, userIdentities.providerId))
    .where(and(eq(userIdentities.tenantId, tenantId), eq(userIdentities.userId, userId)))
    .orderBy(desc(sql`coalesce(${userIdentities.lastSignInAt}, ${userIdentities.createdAt})`))
    .limit(1);
  return row?.name;
}

/** An account without a password: the member signs in through their provider. */
export async function insertPasswordlessAccount(db: Executor, tenantId: number, userId: number) {
  await db.insert(accounts).values({ tenantId, userId, passwordHash: null }).onConflictDoNothing();
}

export async function activateUser(db: Executor, tenantId: number, userId: number, now: Date) {
  await db
    .update(users)
    .set({ userStatusId: 2, updatedAt: now })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

export async function insertRequest(db: Executor, values: typeof ssoRequests.$inferInsert) {
  // Requests never finished are cleared as new ones come, so the table stays small.
  await db
    .delete(ssoRequests)
    .where(and(eq(ssoRequests.tenantId, values.tenantId), lt(ssoRequests.expiresAt, sql`now()`)));
  await db.insert(ssoRequests).values(values);
}

/** Takes a live request: deleted as it is read, so a second use (any process) finds nothing. */
export async function takeRequest(
  db: Executor,
  tenantId: number,
  handle: string,
  now: Date,
  providerId?: number,
) {
  const [row] = await db
    .delete(ssoRequests)
    .where(
      and(
        eq(ssoRequests.tenantId, tenantId),
        eq(ssoRequests.handle, handle),
        // A test sign-in's stored result is no request: no answer may use it up.
        isNull(ssoRequests.result),
        providerId === undefined ? undefined : eq(ssoRequests.providerId, providerId),
        sql`${ssoRequests.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row;
}

/** A live request, read without using it up (node-saml reads before it validates). */
export async function peekRequest(
  db: Executor,
  tenantId: number,
  providerId: number,
  handle: string,
  now: Date,
) {
  const [row] = await db
    .select({ createdAt: ssoRequests.createdAt })
    .from(ssoRequests)
    .where(
      and(
        eq(ssoRequests.tenantId, tenantId),
        eq(ssoRequests.providerId, providerId),
        eq(ssoRequests.handle, handle),
        isNull(ssoRequests.result),
        sql`${ssoRequests.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    );
  return row;
}

/**
 * Remembers an accepted SAML assertion's id until it expires; false when it was accepted before
 * (a replay), whichever process accepted it, as the unique key decides.
 */
export async function rememberAssertion(
  db: Executor,
  values: { tenantId: number; providerId: number; assertionId: string; expiresAt: Date },
) {
  await db
    .delete(ssoAssertions)
    .where(
      and(eq(ssoAssertions.tenantId, values.tenantId), lt(ssoAssertions.expiresAt, sql`now()`)),
    );
  const rows = await db
    .insert(ssoAssertions)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: ssoAssertions.id });
  return rows.length === 1;
}

/** The handle a session's test result is kept under, beside the requests. */
const testHandle = (sessionId: number) => `test:${sessionId}`;

/** Keeps a test sign-in's outcome for the session that started it, replacing its earlier one. */
export async function saveTestResult(
  db: Executor,
  values: {
    tenantId: number;
    providerId: number;
    sessionId: number;
    result: unknown;
    expiresAt: Date;
  },
) {
  const handle = testHandle(values.sessionId);
  await db
    .delete(ssoRequests)
    .where(
      and(
        eq(ssoRequests.tenantId, values.tenantId),
        eq(ssoRequests.providerId, values.providerId),
        eq(ssoRequests.handle, handle),
      ),
    );
  await db.insert(ssoRequests).values({
    tenantId: values.tenantId,
    providerId: values.providerId,
    handle,
    redirect: '',
    remember: false,
    testSessionId: values.sessionId,
    result: values.result,
    expiresAt: values.expiresAt,
  });
}

/** The live test result of this session for this provider, if any. */
export async function findTestResult(
  db: Executor,
  tenantId: number,
  providerId: number,
  sessionId: number,
  now: Date,
) {
  const [row] = await db
    .select({ result: ssoRequests.result })
    .from(ssoRequests)
    .where(
      and(
        eq(ssoRequests.tenantId, tenantId),
        eq(ssoRequests.providerId, providerId),
        eq(ssoRequests.handle, testHandle(sessionId)),
        eq(ssoRequests.testSessionId, sessionId),
        sql`${ssoRequests.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    );
  return row?.result;
}

const testRequest = (tenantId: number, providerId: number, handle: string) =>
  and(
    eq(ssoRequests.tenantId, tenantId),
    eq(ssoRequests.providerId, providerId),
    eq(ssoRequests.handle, handle),
    isNull(ssoRequests.result),
    sql`${ssoRequests.testSessionId} is not null`,
  );

/** Whether an answer not yet verified names a request of a test sign-in, left for its check. */
export async function isTestRequest(
  db: Executor,
  tenantId: number,
  providerId: number,
  handle: string,
) {
  const [row] = await db
    .select({ testSessionId: ssoRequests.testSessionId })
    .from(ssoRequests)
    .where(testRequest(tenantId, providerId, handle));
  return row !== undefined;
}

/** A request of a test sign-in named by an answer not yet verified, used up: its session. */
export async function takeTestRequest(
  db: Executor,
  tenantId: number,
  providerId: number,
  handle: string,
) {
  const [row] = await db
    .delete(ssoRequests)
    .where(testRequest(tenantId, providerId, handle))
    .returning({ testSessionId: ssoRequests.testSessionId });
  return row?.testSessionId ?? null;
}

/** The member a session belongs to: who ran a test sign-in, for the audit log. */
export async function sessionUser(db: Executor, tenantId: number, sessionId: number) {
  const [row] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, sessionId)));
  return row?.userId ?? null;
}
