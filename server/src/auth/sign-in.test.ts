import { sessionAnswer } from '@kindling/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  giveAccount,
  jsonInit,
  makeSchool,
  makeTenant,
  makeUser,
  signInCookie,
  TEST_PASSWORD,
} from '../../test/factories.ts';

describe('sign-in and sessions', () => {
  let t: TestApp;
  let alpha: Awaited<ReturnType<typeof makeTenant>>;
  let beta: Awaited<ReturnType<typeof makeTenant>>;
  let member: { id: number; email: string };

  const signIn = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.request('/api/v1/auth/sign-in', {
      ...jsonInit('POST', body),
      headers: { 'content-type': 'application/json', ...headers },
    });

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await makeTenant(t.db, 'Alpha University');
    beta = await makeTenant(t.db, 'Beta Institute');
    const school = await makeSchool(t.db, alpha.tenantId, 'School of Engineering');
    member = await makeUser(t.db, alpha.tenantId, {
      email: 'Grace@Alpha.edu',
      firstName: 'Grace',
      lastName: 'Hopper',
      roleId: 2,
      schoolId: school.id,
      permissions: ['create_idea', 'invite_user'],
    });
    await giveAccount(t.db, alpha.tenantId, member.id);
  });
  afterAll(() => t.close());

  it('signs in: user details of SPEC §3, a one-hour session and an HttpOnly SameSite=Lax cookie', async () => {
    const res = await signIn({
      email: 'grace@alpha.edu',
      password: TEST_PASSWORD,
      tenant_id: alpha.tenantId,
    });
    expect(res.status).toBe(200);
    const body = sessionAnswer.parse(await res.json());
    expect(body.user).toMatchObject({
      userId: member.id,
      name: 'Grace Hopper',
      email: 'Grace@Alpha.edu',
      roleId: 2,
      schoolName: 'School of Engineering',
      departmentName: null,
      permissions: ['create_idea', 'invite_user'],
      isRememberSession: false,
    });
    expect(body.user.id).toMatch(/^[0-9a-f-]{36}$/);
    const lifetime = Date.parse(body.session.expires_at) - Date.parse(body.session.issued_at);
    expect(lifetime).toBe(3_600_000);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^kindling_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    expect(cookie).not.toContain('Max-Age');
  });

  it('remember_session gives 30 days and a persistent cookie', async () => {
    const res = await signIn({
      email: member.email,
      password: TEST_PASSWORD,
      tenant_id: alpha.tenantId,
      remember_session: true,
    });
    const body = sessionAnswer.parse(await res.json());
    expect(Date.parse(body.session.expires_at) - Date.parse(body.session.issued_at)).toBe(
      2_592_000_000,
    );
    expect(body.user.isRememberSession).toBe(true);
    expect(res.headers.get('set-cookie')).toContain('Max-Age=2592000');
  });

  it('GET /auth/session answers like sign-in; without a session 401', async () => {
    const cookie = await signInCookie(t.request, alpha.tenantId, member.email);
    const res = await t.request('/api/v1/auth/session', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(sessionAnswer.parse(await res.json()).user.userId).toBe(member.id);
    expect((await t.request('/api/v1/auth/session')).status).toBe(401);
    // Asked whether anyone is signed in: 204 without a session, the session with one.
    const probe = await t.request('/api/v1/auth/session?optional=true');
    expect(probe.status).toBe(204);
    expect(await probe.text()).toBe('');
    const signedIn = await t.request('/api/v1/auth/session?optional=true', { headers: { cookie } });
    expect(sessionAnswer.parse(await signedIn.json()).user.userId).toBe(member.id);
    expect((await t.request('/api/v1/auth/session?optional=maybe')).status).toBe(401);
  });

  it('ends the session after an hour: every signed-in call is then 401', async () => {
    const cookie = await signInCookie(t.request, alpha.tenantId, member.email);
    const realNow = t.deps.now;
    t.deps.now = () => new Date(Date.now() + 3_601_000);
    try {
      expect((await t.request('/api/v1/auth/session', { headers: { cookie } })).status).toBe(401);
      expect((await t.request('/api/v1/schools', { headers: { cookie } })).status).toBe(401);
    } finally {
      t.deps.now = realNow;
    }
    expect((await t.request('/api/v1/auth/session', { headers: { cookie } })).status).toBe(200);
  });

  it('sign-out revokes the session server-side', async () => {
    const cookie = await signInCookie(t.request, alpha.tenantId, member.email);
    const out = await t.request('/api/v1/auth/sign-out', { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/kindling_session=;.*Max-Age=0/);
    expect((await t.request('/api/v1/auth/session', { headers: { cookie } })).status).toBe(401);
  });

  it('a new sign-in revokes the session the browser already had (no fixation)', async () => {
    const first = await signInCookie(t.request, alpha.tenantId, member.email);
    const res = await signIn(
      { email: member.email, password: TEST_PASSWORD, tenant_id: alpha.tenantId },
      { cookie: first },
    );
    const second = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(second).not.toBe(first);
    expect((await t.request('/api/v1/auth/session', { headers: { cookie: first } })).status).toBe(
      401,
    );
    expect((await t.request('/api/v1/auth/session', { headers: { cookie: second } })).status).toBe(
      200,
    );
  });

  it('an unknown e-mail is 404 "User does not exist."', async () => {
    const res = await signIn({
      email: 'nobody@alpha.edu',
      password: TEST_PASSWORD,
      tenant_id: alpha.tenantId,
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'User does not exist.' });
  });

  it('a profile without a password answers like an unknown one', async () => {
    const unclaimed = await makeUser(t.db, alpha.tenantId, { email: 'unclaimed@alpha.edu' });
    const res = await signIn({
      email: unclaimed.email,
      password: TEST_PASSWORD,
      tenant_id: alpha.tenantId,
    });
    expect(res.status).toBe(404);
  });

  it('a wrong password is 401 "Incorrect username or password."', async () => {
    const res = await signIn({
      email: member.email,
      password: 'Wrong!Pass1',
      tenant_id: alpha.tenantId,
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Incorrect username or password.',
    });
  });

  it('a member not yet approved is 423 NOT_APPROVED', async () => {
    const pending = await makeUser(t.db, alpha.tenantId, {
      email: 'pending@alpha.edu',
      adminStatusId: 1,
    });
    await giveAccount(t.db, alpha.tenantId, pending.id);
    const res = await signIn({
      email: pending.email,
      password: TEST_PASSWORD,
      tenant_id: alpha.tenantId,
    });
    expect(res.status).toBe(423);
    expect(await res.json()).toMatchObject({ code: 'NOT_APPROVED', status: 423 });
  });

  it('e-mail and password of another tenant answer the wrong-environment 403', async () => {
    const other = await makeUser(t.db, beta.tenantId, { email: 'visitor@beta.edu' });
    await giveAccount(t.db, beta.tenantId, other.id);
    const res = await signIn({
      email: 'visitor@beta.edu',
      password: TEST_PASSWORD,
      tenant_id: alpha.tenantId,
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(
      'You are trying to log in from the wrong environment. Please check your login link.',
    );
    const wrongPassword = await signIn({
      email: 'visitor@beta.edu',
      password: 'Nope!1234',
      tenant_id: alpha.tenantId,
    });
    expect(wrongPassword.status).toBe(404);
  });

  it('one e-mail may hold separate accounts in two tenants', async () => {
    const twin = await makeUser(t.db, beta.tenantId, { email: member.email });
    await giveAccount(t.db, beta.tenantId, twin.id, 'Other!Pass9');
    const inBeta = await signIn({
      email: member.email,
      password: 'Other!Pass9',
      tenant_id: beta.tenantId,
    });
    expect(inBeta.status).toBe(200);
    expect((await inBeta.json()).user.userId).toBe(twin.id);
    const inAlpha = await signIn({
      email: member.email,
      password: TEST_PASSWORD,
      tenant_id: alpha.tenantId,
    });
    expect((await inAlpha.json()).user.userId).toBe(member.id);
  });

  it('validates the body with the SPEC messages', async () => {
    const res = await signIn({ email: 'not-an-email', password: '', tenant_id: alpha.tenantId });
    expect(res.status).toBe(400);
    expect((await res.json()).details).toEqual([
      { field: 'email', error: 'Please enter a valid email address.' },
      { field: 'password', error: 'Please enter your password.' },
    ]);
    const missing = await signIn({ tenant_id: alpha.tenantId });
    expect((await missing.json()).details).toEqual([
      { field: 'email', error: 'Please enter your email address.' },
      { field: 'password', error: 'Please enter your password.' },
    ]);
  });

  it('malformed JSON is 400, never 500', async () => {
    const res = await t.request('/api/v1/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(res.status).toBe(400);
  });

  it('after 10 failures for one e-mail from one address, even the right password is 429', async () => {
    const victim = await makeUser(t.db, alpha.tenantId, { email: 'locked@alpha.edu' });
    await giveAccount(t.db, alpha.tenantId, victim.id);
    for (let i = 0; i < 10; i++) {
      const res = await signIn({
        email: victim.email,
        password: `Wrong!${i}aaa`,
        tenant_id: alpha.tenantId,
      });
      expect(res.status).toBe(401);
    }
    const blocked = await signIn({
      email: victim.email,
      password: TEST_PASSWORD,
      tenant_id: alpha.tenantId,
    });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many requests. Please try again later.',
    });
  });

  it('GET /users/{id} answers one’s own details and 403 for anyone else', async () => {
    const cookie = await signInCookie(t.request, alpha.tenantId, member.email);
    const own = await t.request(`/api/v1/users/${member.id}`, { headers: { cookie } });
    expect(own.status).toBe(200);
    expect((await own.json()).userId).toBe(member.id);
    const other = await t.request(`/api/v1/users/${alpha.adminUserId}`, { headers: { cookie } });
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({
      message: "You don't have permission to access this page. Please contact support.",
    });
  });

  it('a session of tenant A never answers as tenant B, whatever tenant_id says', async () => {
    const cookie = await signInCookie(t.request, alpha.tenantId, member.email);
    const res = await t.request(`/api/v1/auth/session?tenant_id=${beta.tenantId}`, {
      headers: { cookie },
    });
    expect((await res.json()).user.userId).toBe(member.id);
  });
});
