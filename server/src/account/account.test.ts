import {
  accountMessages,
  limits,
  messages,
  type SessionsAnswer,
  sessionsAnswer,
} from '@kindling/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  jsonInit,
  makeUser,
  sessionCookie,
  signInCookie,
  TEST_PASSWORD,
} from '../../test/factories.ts';
import { callerOf, freshTenant, type Member } from '../../test/fixtures.ts';
import { accounts, sessions } from '../db/schema-auth.ts';
import { auditLog } from '../db/schema-records.ts';
import { inTenant } from '../db/tenant-scope.ts';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const NEW_PASSWORD = 'Changed!Pass9';

describe('sessions a member can see, and the password change (CONTRACT §11)', () => {
  let t: TestApp;
  const call = callerOf(() => t);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Another session of the member, signed in from a browser that says `userAgent`. */
  const signInFrom = async (
    tenantId: number,
    email: string,
    userAgent: string,
    password = TEST_PASSWORD,
  ) => {
    const res = await t.request('/api/v1/auth/sign-in', {
      ...jsonInit('POST', { email, password, tenant_id: tenantId }),
      headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    });
    expect(res.status).toBe(200);
    return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  };

  const list = async (cookie: string): Promise<SessionsAnswer['sessions']> => {
    const res = await call('GET', '/auth/sessions', cookie);
    expect(res.status).toBe(200);
    return sessionsAnswer.parse(await res.json()).sessions;
  };

  const signedIn = async (cookie: string) =>
    (await call('GET', '/auth/session', cookie)).status === 200;

  /** The id of the session a cookie holds: the only one its member has marked current. */
  const idOf = async (cookie: string) => {
    const current = (await list(cookie)).find((s) => s.current);
    if (!current) throw new Error('no current session');
    return current.id;
  };

  const row = async (tenantId: number, sessionId: number) => {
    const [found] = await inTenant(t.db, tenantId, (tx) =>
      tx
        .select()
        .from(sessions)
        .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, sessionId))),
    );
    if (!found) throw new Error('no session row');
    return found;
  };

  const changePassword = (cookie: string, body: Record<string, unknown>) =>
    call('PUT', '/auth/password', cookie, body);

  describe('the list', () => {
    it("shows the caller's own live sessions with their devices, this one first and marked", async () => {
      const tenant = await freshTenant(t);
      const grace = await tenant.member();
      const firefox = await signInFrom(tenant.tenantId, grace.email, FIREFOX_WINDOWS);
      const chrome = await signInFrom(tenant.tenantId, grace.email, CHROME_MAC);
      const ended = await signInFrom(tenant.tenantId, grace.email, 'Ended/1.0');
      expect((await call('POST', '/auth/sign-out', ended)).status).toBe(200);
      // Another member's sessions, in this tenant and in another, are not the caller's.
      await tenant.member();
      await freshTenant(t);

      const seen = await list(chrome);
      expect(seen.map((s) => s.user_agent)).toEqual([CHROME_MAC, FIREFOX_WINDOWS, null]);
      expect(seen.map((s) => s.current)).toEqual([true, false, false]);
      for (const session of seen) {
        expect(Date.parse(session.last_seen_at)).toBeGreaterThanOrEqual(
          Date.parse(session.created_at),
        );
      }
      expect((await list(firefox))[0]).toMatchObject({
        user_agent: FIREFOX_WINDOWS,
        current: true,
      });
    });

    it('leaves out an expired session', async () => {
      const tenant = await freshTenant(t);
      const grace = await tenant.member();
      const old = await signInFrom(tenant.tenantId, grace.email, 'Old/1.0');
      const oldId = await idOf(old);
      await inTenant(t.db, tenant.tenantId, (tx) =>
        tx
          .update(sessions)
          .set({ expiresAt: new Date(Date.now() - 1_000) })
          .where(and(eq(sessions.tenantId, tenant.tenantId), eq(sessions.id, oldId))),
      );
      expect((await list(grace.client.cookie)).map((s) => s.id)).not.toContain(oldId);
    });

    it('keeps a user agent to its first 512 characters', async () => {
      const tenant = await freshTenant(t);
      const grace = await tenant.member();
      const long = `Mozilla/5.0 ${'x'.repeat(2_000)}`;
      const cookie = await signInFrom(tenant.tenantId, grace.email, long);
      const [mine] = await list(cookie);
      expect(mine?.user_agent).toBe(long.slice(0, limits.userAgentLength));
    });

    it('is only for a signed-in member', async () => {
      expect((await call('GET', '/auth/sessions', null)).status).toBe(401);
    });
  });

  describe('last seen', () => {
    it('is written at most once a minute per session', async () => {
      const tenant = await freshTenant(t);
      const grace = await tenant.member();
      const id = await idOf(grace.client.cookie);
      const signedInAt = (await row(tenant.tenantId, id)).lastSeenAt;
      // Two quick calls within the minute write nothing.
      expect(await signedIn(grace.client.cookie)).toBe(true);
      expect(await signedIn(grace.client.cookie)).toBe(true);
      expect((await row(tenant.tenantId, id)).lastSeenAt).toEqual(signedInAt);

      const twoMinutesAgo = new Date(Date.now() - 120_000);
      await inTenant(t.db, tenant.tenantId, (tx) =>
        tx
          .update(sessions)
          .set({ lastSeenAt: twoMinutesAgo })
          .where(and(eq(sessions.tenantId, tenant.tenantId), eq(sessions.id, id))),
      );
      const before = Date.now();
      expect(await signedIn(grace.client.cookie)).toBe(true);
      const moved = (await row(tenant.tenantId, id)).lastSeenAt;
      expect(moved.getTime()).toBeGreaterThanOrEqual(before - 1_000);
      // And then not again within the minute.
      expect(await signedIn(grace.client.cookie)).toBe(true);
      expect((await row(tenant.tenantId, id)).lastSeenAt).toEqual(moved);
      const [listed] = await list(grace.client.cookie);
      expect(listed?.last_seen_at).toBe(moved.toISOString());
    });
  });

  describe('ending sessions', () => {
    it('ends another of the caller’s sessions: that browser is signed out, this one is not', async () => {
      const tenant = await freshTenant(t);
      const grace = await tenant.member();
      const other = await signInFrom(tenant.tenantId, grace.email, FIREFOX_WINDOWS);
      const res = await call('DELETE', `/auth/sessions/${await idOf(other)}`, grace.client.cookie);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: accountMessages.sessionEnded });
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(await signedIn(other)).toBe(false);
      expect(await signedIn(grace.client.cookie)).toBe(true);
      expect(await list(grace.client.cookie)).toHaveLength(1);
    });

    it('ending the current session signs out and clears the cookie', async () => {
      const tenant = await freshTenant(t);
      const grace = await tenant.member();
      const res = await call(
        'DELETE',
        `/auth/sessions/${await idOf(grace.client.cookie)}`,
        grace.client.cookie,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toMatch(/^kindling_session=;/);
      expect(await signedIn(grace.client.cookie)).toBe(false);
    });

    it("answers 404 for another member's session, another tenant's, an ended one and one that never was", async () => {
      const tenant = await freshTenant(t);
      const grace = await tenant.member();
      const ada = await tenant.member();
      const elsewhere = await freshTenant(t);
      const ended = await signInFrom(tenant.tenantId, grace.email, 'Ended/1.0');
      const endedId = await idOf(ended);
      await call('POST', '/auth/sign-out', ended);
      const ids = {
        member: await idOf(ada.client.cookie),
        tenant: await idOf(elsewhere.admin.cookie),
        ended: endedId,
        ghost: 2_147_483_000,
      };
      for (const [what, id] of Object.entries(ids)) {
        const res = await call('DELETE', `/auth/sessions/${id}`, grace.client.cookie);
        expect(res.status, what).toBe(404);
        // The same answer as for an id that never existed.
        expect(await res.json(), what).toMatchObject({ code: 'NOT_FOUND' });
      }
      expect(await signedIn(ada.client.cookie)).toBe(true);
      expect(await signedIn(elsewhere.admin.cookie)).toBe(true);
    });

    it('revoke-others ends every other session of the caller, and no one else’s', async () => {
      const tenant = await freshTenant(t);
      const grace = await tenant.member();
      const ada = await tenant.member();
      const others = [
        await signInFrom(tenant.tenantId, grace.email, CHROME_MAC),
        await signInFrom(tenant.tenantId, grace.email, FIREFOX_WINDOWS),
      ];
      const res = await call('POST', '/auth/sessions/revoke-others', grace.client.cookie);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: accountMessages.othersEnded });
      for (const cookie of others) expect(await signedIn(cookie)).toBe(false);
      expect(await signedIn(grace.client.cookie)).toBe(true);
      expect(await signedIn(ada.client.cookie)).toBe(true);
      expect((await list(grace.client.cookie)).map((s) => s.current)).toEqual([true]);
    });
  });

  describe('password change', () => {
    /** A member with a second session, to see which sessions a change ends. */
    const withTwoSessions = async () => {
      const tenant = await freshTenant(t);
      const grace = await tenant.member();
      const other = await signInFrom(tenant.tenantId, grace.email, FIREFOX_WINDOWS);
      return { tenant, grace, other };
    };

    const detailsOf = async (res: Response) =>
      ((await res.json()) as { details: { field: string; error: string }[] }).details;

    it('refuses a wrong or missing current password, per field, and changes nothing', async () => {
      const { tenant, grace, other } = await withTwoSessions();
      const wrong = await changePassword(grace.client.cookie, {
        current_password: 'Wrong!pass1',
        new_password: NEW_PASSWORD,
      });
      expect(wrong.status).toBe(400);
      expect(await detailsOf(wrong)).toEqual([
        { field: 'current_password', error: accountMessages.currentIncorrect },
      ]);
      const missing = await changePassword(grace.client.cookie, { new_password: NEW_PASSWORD });
      expect(missing.status).toBe(400);
      expect(await detailsOf(missing)).toEqual([
        { field: 'current_password', error: accountMessages.currentPassword },
      ]);
      expect(await signedIn(other)).toBe(true);
      await signInCookie(t.request, tenant.tenantId, grace.email, TEST_PASSWORD);
    });

    it('refuses a weak new password, or the same one again, with the product’s messages', async () => {
      const { grace } = await withTwoSessions();
      const weak = await changePassword(grace.client.cookie, {
        current_password: TEST_PASSWORD,
        new_password: 'weakpass',
      });
      expect(weak.status).toBe(400);
      expect(await detailsOf(weak)).toEqual([{ field: 'new_password', error: messages.password }]);
      const same = await changePassword(grace.client.cookie, {
        current_password: TEST_PASSWORD,
        new_password: TEST_PASSWORD,
      });
      expect(await detailsOf(same)).toEqual([
        { field: 'new_password', error: accountMessages.samePassword },
      ]);
    });

    it('changes it: every other session ends, this one stays, the new password signs in, audited', async () => {
      const { tenant, grace, other } = await withTwoSessions();
      const res = await changePassword(grace.client.cookie, {
        current_password: TEST_PASSWORD,
        new_password: NEW_PASSWORD,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: accountMessages.passwordChanged });
      expect(await signedIn(other)).toBe(false);
      expect(await signedIn(grace.client.cookie)).toBe(true);
      await expect(
        signInCookie(t.request, tenant.tenantId, grace.email, TEST_PASSWORD),
      ).rejects.toThrow(/401/);
      await signInCookie(t.request, tenant.tenantId, grace.email, NEW_PASSWORD);
      const entries = await inTenant(t.db, tenant.tenantId, (tx) =>
        tx
          .select()
          .from(auditLog)
          .where(
            and(
              eq(auditLog.tenantId, tenant.tenantId),
              eq(auditLog.action, 'account.password-change'),
            ),
          ),
      );
      expect(entries).toMatchObject([
        { actorId: grace.id, targetId: grace.id, detail: { sessions_ended: 1 } },
      ]);
    });

    it('holds 10 wrong current passwords in 15 minutes however many arrive at once, then refuses the right one too', async () => {
      const { grace } = await withTwoSessions();
      const answers = await Promise.all(
        Array.from({ length: 15 }, () =>
          changePassword(grace.client.cookie, {
            current_password: 'Wrong!pass1',
            new_password: NEW_PASSWORD,
          }),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([...Array(10).fill(400), ...Array(5).fill(429)]);
      const right = await changePassword(grace.client.cookie, {
        current_password: TEST_PASSWORD,
        new_password: NEW_PASSWORD,
      });
      expect(right.status).toBe(429);
      expect(await right.json()).toMatchObject({ message: accountMessages.attemptLimit });
    });

    describe('a member without a password (single sign-on only)', () => {
      const passwordless = async (signedInAgo: number) => {
        const tenant = await freshTenant(t);
        const user = await makeUser(t.db, tenant.tenantId);
        await inTenant(t.db, tenant.tenantId, (tx) =>
          tx.insert(accounts).values({ tenantId: tenant.tenantId, userId: user.id }),
        );
        const cookie = await sessionCookie(t.db, t.deps.config.secretKey, tenant.tenantId, user.id);
        const issuedAt = new Date(Date.now() - signedInAgo);
        await inTenant(t.db, tenant.tenantId, (tx) =>
          tx
            .update(sessions)
            .set({ issuedAt })
            .where(and(eq(sessions.tenantId, tenant.tenantId), eq(sessions.userId, user.id))),
        );
        return { tenant, user, cookie };
      };

      it('sets a first password within 5 minutes of signing in, without a current one', async () => {
        const { tenant, user, cookie } = await passwordless(60_000);
        const res = await changePassword(cookie, { new_password: NEW_PASSWORD });
        expect(res.status).toBe(200);
        await signInCookie(t.request, tenant.tenantId, user.email, NEW_PASSWORD);
      });

      it('is asked to sign in again after 5 minutes', async () => {
        const { cookie } = await passwordless(6 * 60_000);
        const res = await changePassword(cookie, {
          current_password: 'Anything!1',
          new_password: NEW_PASSWORD,
        });
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ message: accountMessages.reauthenticate });
      });
    });
  });

  it("never lists or ends a session through another tenant's id, for every member kind", async () => {
    const alpha = await freshTenant(t);
    const beta = await freshTenant(t);
    const grace: Member = await alpha.member();
    const victim = await idOf(grace.client.cookie);
    for (const cookie of [beta.admin.cookie, (await beta.member()).client.cookie]) {
      expect((await list(cookie)).map((s) => s.id)).not.toContain(victim);
      expect((await call('DELETE', `/auth/sessions/${victim}`, cookie)).status).toBe(404);
    }
    expect(await signedIn(grace.client.cookie)).toBe(true);
  });
});
