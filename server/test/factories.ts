import { randomBytes } from 'node:crypto';
import { status } from '@kindling/contract';
import { hashPassword } from '../src/auth/password.ts';
import { SESSION_COOKIE } from '../src/auth/session-middleware.ts';
import { randomToken, tokenHash } from '../src/auth/tokens.ts';
import type { Db } from '../src/db/client.ts';
import { accounts, sessions } from '../src/db/schema-auth.ts';
import { users } from '../src/db/schema-people.ts';
import { schools } from '../src/db/schema-reference.ts';
import { bindTenant } from '../src/db/tenant-scope.ts';
import { createTenant } from '../src/tenants/service.ts';

export const TEST_PASSWORD = 'Kindling!2026';

/** A new tenant per test: tests never share or truncate fixtures, and isolation is exercised for free. */
export async function makeTenant(db: Db, name = 'Test University') {
  const domain = `t${randomBytes(5).toString('hex')}.test`;
  const { tenantId, adminUserId } = await createTenant(db, {
    domain,
    name,
    admin: {
      email: `admin@${domain}`,
      password: TEST_PASSWORD,
      firstName: 'Ada',
      lastName: 'Admin',
    },
  });
  return { tenantId, adminUserId, domain };
}

export async function makeSchool(db: Db, tenantId: number, name: string) {
  return db.transaction(async (tx) => {
    await bindTenant(tx, tenantId);
    const [row] = await tx.insert(schools).values({ tenantId, name }).returning();
    if (!row) throw new Error('no school');
    return row;
  });
}

export async function makeUser(
  db: Db,
  tenantId: number,
  overrides: Partial<typeof users.$inferInsert> = {},
) {
  return db.transaction(async (tx) => {
    await bindTenant(tx, tenantId);
    const [row] = await tx
      .insert(users)
      .values({
        tenantId,
        email: `${randomBytes(4).toString('hex')}@example.edu`,
        firstName: 'Grace',
        lastName: 'Member',
        roleId: 1,
        adminStatusId: status.approved,
        userStatusId: status.approved,
        ...overrides,
      })
      .returning();
    if (!row) throw new Error('no user');
    return row;
  });
}

/**
 * A live session cookie for a user, written straight to the table: for testing routes that need a
 * session independently of the sign-in flow, which has its own tests.
 */
export async function sessionCookie(db: Db, secretKey: string, tenantId: number, userId: number) {
  const token = randomToken();
  await db.transaction(async (tx) => {
    await bindTenant(tx, tenantId);
    await tx.insert(sessions).values({
      tenantId,
      userId,
      tokenHash: tokenHash(secretKey, token),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
  });
  return `${SESSION_COOKIE}=${token}`;
}

/** Adds a password to a user, as claiming the profile would. */
export async function giveAccount(
  db: Db,
  tenantId: number,
  userId: number,
  password = TEST_PASSWORD,
) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await bindTenant(tx, tenantId);
    await tx.insert(accounts).values({ tenantId, userId, passwordHash });
  });
}

export const jsonInit = (method: string, body: unknown, cookie?: string): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});

/** Signs in through the API and answers the session cookie. */
export async function signInCookie(
  request: (url: string, init?: RequestInit) => Response | Promise<Response>,
  tenantId: number,
  email: string,
  password = TEST_PASSWORD,
) {
  const res = await request(
    '/api/v1/auth/sign-in',
    jsonInit('POST', { email, password, tenant_id: tenantId }),
  );
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie') ?? '';
  return cookie.split(';')[0] ?? '';
}
