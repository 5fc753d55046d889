import { mfaMessages, mfaStepAnswer, sessionAnswer } from '@kindling/contract';
import { and, eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { jsonInit, TEST_PASSWORD } from '../../test/factories.ts';
import { freshTenant } from '../../test/fixtures.ts';
import { accounts } from '../db/schema-auth.ts';
import { mfaChallenges, recoveryCodes, totpAuthenticators } from '../db/schema-mfa.ts';
import { auditLog } from '../db/schema-records.ts';
import { inTenant } from '../db/tenant-scope.ts';

type Tenant = Awaited<ReturnType<typeof freshTenant>>;

describe('a second factor: authenticator app, recovery codes, the sign-in challenge (CONTRACT §11)', () => {
  let t: TestApp;
  /** The server's clock, moved by the tests: codes are made for the step it reads. */
  let clock = Date.now();
  let realNow: () => Date;

  beforeAll(async () => {
    t = await createTestApp();
    realNow = t.deps.now;
    t.deps.now = () => new Date(clock);
  });
  afterEach(() => {
    // Every test starts on a step no earlier test used.
    clock += 10 * 60_000;
  });
  afterAll(async () => {
    t.deps.now = realNow;
    await t.close();
  });

  const codeAt = (secret: string, ms = clock) =>
    generateSync({ secret, epoch: Math.floor(ms / 1000) });
  const post = (path: string, body: unknown, cookie?: string) =>
    t.request(`/api/v1${path}`, jsonInit('POST', body, cookie));
  const signIn = (tenant: Tenant, email: string, password = TEST_PASSWORD) =>
    post('/auth/sign-in', { email, password, tenant_id: tenant.tenantId });
  const answerCode = (tenant: Tenant, challenge: string, code: string) =>
    post('/auth/sign-in/mfa', { challenge, code, tenant_id: tenant.tenantId });

  /** A member of `tenant` with the authenticator on: its secret and recovery codes. */
  async function withTotp(tenant: Tenant, permissions: string[] = []) {
    const member = await tenant.member({ permissions });
    const setup = await member.client.call('POST', '/auth/mfa/totp');
    expect(setup.status).toBe(200);
    const { secret, otpauth_url } = await setup.json();
    const enabled = await member.client.call('POST', '/auth/mfa/totp/enable', {
      code: codeAt(secret),
    });
    expect(enabled.status).toBe(200);
    const { recovery_codes } = await enabled.json();
    clock += 30_000;
    return { member, secret, otpauthUrl: otpauth_url as string, codes: recovery_codes as string[] };
  }

  async function challengeOf(tenant: Tenant, email: string): Promise<string> {
    const res = await signIn(tenant, email);
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    return mfaStepAnswer.parse(await res.json()).challenge;
  }

  it('sets up an authenticator: a sealed secret, a confirming code, ten hashed codes shown once', async () => {
    const tenant = await freshTenant(t, 'Gamma University');
    const member = await tenant.member();
    expect(await (await member.client.call('GET', '/auth/mfa')).json()).toEqual({
      totp: false,
      recovery_codes_left: 0,
      has_password: true,
    });
    const { secret, otpauth_url } = await (
      await member.client.call('POST', '/auth/mfa/totp')
    ).json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('issuer')).toBe('Gamma University');
    expect(decodeURIComponent(url.pathname)).toContain(member.email);

    // Not on until confirmed: sign-in still needs no code.
    expect((await signIn(tenant, member.email)).headers.get('set-cookie')).toContain(
      'kindling_session',
    );
    const wrong = await member.client.call('POST', '/auth/mfa/totp/enable', {
      code: codeAt(secret, clock + 120_000),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'CODE_MISMATCH' });
    const malformed = await member.client.call('POST', '/auth/mfa/totp/enable', { code: '12ab' });
    expect((await malformed.json()).details).toEqual([{ field: 'code', error: mfaMessages.code }]);

    const enabled = await member.client.call('POST', '/auth/mfa/totp/enable', {
      code: codeAt(secret),
    });
    expect(enabled.status).toBe(200);
    const { recovery_codes } = await enabled.json();
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    for (const code of recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await (await member.client.call('GET', '/auth/mfa')).json()).toEqual({
      totp: true,
      recovery_codes_left: 10,
      has_password: true,
    });
    // A second setup would replace a working authenticator without a password: refused.
    expect((await member.client.call('POST', '/auth/mfa/totp')).status).toBe(409);

    const stored = await inTenant(t.db, tenant.tenantId, async (tx) => ({
      authenticator: await tx
        .select()
        .from(totpAuthenticators)
        .where(eq(totpAuthenticators.userId, member.id)),
      codes: await tx.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.id)),
      audit: await tx
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.actorId, member.id)),
    }));
    const row = JSON.stringify(stored);
    expect(row).not.toContain(secret);
    for (const code of recovery_codes) {
      expect(row).not.toContain(code);
      expect(row).not.toContain(code.replace('-', ''));
    }
    expect(stored.authenticator[0]?.secretSealed).toMatch(/^k1\.[0-9a-f]{12}\./);
    expect(stored.audit).toEqual([{ action: 'mfa.enable' }]);
  });

  it('asks for the code after a right password, and refuses a code already used', async () => {
    const tenant = await freshTenant(t);
    const { member, secret } = await withTotp(tenant);
    const wrongPassword = await signIn(tenant, member.email, 'Wrong!pass1');
    expect(wrongPassword.status).toBe(401);

    const challenge = await challengeOf(tenant, member.email);
    const code = codeAt(secret);
    const res = await answerCode(tenant, challenge, code);
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toContain('kindling_session');
    const answer = sessionAnswer.parse(await res.json());
    expect(answer.user.userId).toBe(member.id);
    expect(answer.session.mfa_setup_required).toBe(false);
    // A challenge signs in once.
    expect((await answerCode(tenant, challenge, code)).status).toBe(401);

    // The same code again, or the step before it, on a new challenge: refused.
    const next = await challengeOf(tenant, member.email);
    for (const used of [code, codeAt(secret, clock - 30_000)]) {
      const again = await answerCode(tenant, next, used);
      expect(again.status).toBe(400);
      expect(await again.json()).toMatchObject({
        code: 'CODE_MISMATCH',
        message: mfaMessages.codeMismatch,
      });
    }
    // The step after (the phone's clock a little ahead) is within the window.
    expect((await answerCode(tenant, next, codeAt(secret, clock + 30_000))).status).toBe(200);
    // Two steps ahead is not.
    const third = await challengeOf(tenant, member.email);
    expect((await answerCode(tenant, third, codeAt(secret, clock + 90_000))).status).toBe(400);
  });

  it('takes each recovery code once, in any case, with or without its dash', async () => {
    const tenant = await freshTenant(t);
    const { member, codes } = await withTotp(tenant);
    const [first = '', second = ''] = codes;
    const challenge = await challengeOf(tenant, member.email);
    const signedIn = await answerCode(tenant, challenge, ` ${first.toUpperCase()} `);
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.get('set-cookie')?.split(';')[0] ?? '';
    expect(
      await (await t.request('/api/v1/auth/mfa', { headers: { cookie } })).json(),
    ).toMatchObject({ recovery_codes_left: 9 });

    const again = await challengeOf(tenant, member.email);
    expect((await answerCode(tenant, again, first)).status).toBe(400);
    expect((await answerCode(tenant, again, second.replace('-', ''))).status).toBe(200);
  });

  it('lets a challenge live 3 minutes', async () => {
    const tenant = await freshTenant(t);
    const { member, secret } = await withTotp(tenant);
    const challenge = await challengeOf(tenant, member.email);
    clock += 3 * 60_000 + 1_000;
    const late = await answerCode(tenant, challenge, codeAt(secret));
    expect(late.status).toBe(401);
    expect((await late.json()).message).toBe(mfaMessages.challengeExpired);
    // Not a guess at the code: nothing was counted against the member.
    const fresh = await challengeOf(tenant, member.email);
    expect((await answerCode(tenant, fresh, codeAt(secret))).status).toBe(200);
  });

  it('ends a challenge after 5 wrong codes, even for the right one', async () => {
    const tenant = await freshTenant(t);
    const { member, secret } = await withTotp(tenant);
    const challenge = await challengeOf(tenant, member.email);
    for (let i = 0; i < 5; i++) {
      expect((await answerCode(tenant, challenge, '000000')).status).toBe(400);
    }
    const spent = await answerCode(tenant, challenge, codeAt(secret));
    expect(spent.status).toBe(429);
    expect((await spent.json()).message).toBe(mfaMessages.challengeSpent);
    // A new sign-in gets a new challenge.
    const fresh = await challengeOf(tenant, member.email);
    expect((await answerCode(tenant, fresh, codeAt(secret))).status).toBe(200);
  });

  it('gives a member at most 10 wrong codes in 15 minutes across their challenges', async () => {
    const tenant = await freshTenant(t);
    const { member, secret } = await withTotp(tenant);
    for (let round = 0; round < 2; round++) {
      const challenge = await challengeOf(tenant, member.email);
      for (let i = 0; i < 5; i++) {
        expect((await answerCode(tenant, challenge, '111111')).status).toBe(400);
      }
    }
    const third = await challengeOf(tenant, member.email);
    const refused = await answerCode(tenant, third, codeAt(secret));
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toBe(mfaMessages.accountLimit);
  });

  it('holds both limits under concurrent wrong codes, and signs in once with one right code', async () => {
    const tenant = await freshTenant(t);
    const { member, secret } = await withTotp(tenant);
    const one = await challengeOf(tenant, member.email);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => answerCode(tenant, one, '222222')),
    );
    const statuses = burst.map((res) => res.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    const [row] = await inTenant(t.db, tenant.tenantId, (tx) =>
      tx.select().from(mfaChallenges).where(eq(mfaChallenges.userId, member.id)),
    );
    expect(row?.attempts).toBe(5);

    // Another member, three challenges, four wrong codes on each at once: no challenge is spent,
    // and still no more than 10 are judged, and then not even a right code is.
    const second = await withTotp(tenant);
    const challenges = [
      await challengeOf(tenant, second.member.email),
      await challengeOf(tenant, second.member.email),
      await challengeOf(tenant, second.member.email),
    ];
    const spread = await Promise.all(
      challenges.flatMap((challenge) =>
        Array.from({ length: 4 }, () => answerCode(tenant, challenge, '333333')),
      ),
    );
    expect(spread.filter((res) => res.status === 400)).toHaveLength(10);
    expect(spread.filter((res) => res.status === 429)).toHaveLength(2);
    const late = await answerCode(tenant, challenges[0] ?? '', codeAt(second.secret));
    expect(late.status).toBe(429);

    // Another member's limit is their own; one right code sent twice at once signs in once.
    const other = await withTotp(tenant);
    const challenge = await challengeOf(tenant, other.member.email);
    const code = codeAt(other.secret);
    const twice = await Promise.all([
      answerCode(tenant, challenge, code),
      answerCode(tenant, challenge, code),
    ]);
    // The other finds the step used (400) or the challenge used (401), as the race falls.
    expect(twice.filter((res) => res.status === 200)).toHaveLength(1);
    // The first member's right code is refused too: their 10 in 15 minutes are used.
    const after = await challengeOf(tenant, member.email);
    expect((await answerCode(tenant, after, codeAt(secret))).status).toBe(429);
  });

  it("refuses a challenge at another tenant's portal", async () => {
    const alpha = await freshTenant(t);
    const beta = await freshTenant(t);
    const { member, secret } = await withTotp(alpha);
    const challenge = await challengeOf(alpha, member.email);
    expect((await answerCode(beta, challenge, codeAt(secret))).status).toBe(401);
    expect((await answerCode(alpha, challenge, codeAt(secret))).status).toBe(200);
  });

  it('turns off with the password, or for a member without one within 5 minutes of signing in', async () => {
    const tenant = await freshTenant(t);
    const { member, secret } = await withTotp(tenant);
    const challenge = await challengeOf(tenant, member.email);
    const res = await answerCode(tenant, challenge, codeAt(secret));
    const cookie = res.headers.get('set-cookie')?.split(';')[0] ?? '';
    const off = (body: unknown) =>
      t.request('/api/v1/auth/mfa/totp', jsonInit('DELETE', body, cookie));

    expect((await (await off({})).json()).details).toEqual([
      { field: 'password', error: mfaMessages.password },
    ]);
    const wrong = await off({ password: 'Wrong!pass1' });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).details).toEqual([
      { field: 'password', error: mfaMessages.passwordIncorrect },
    ]);
    expect((await off({ password: TEST_PASSWORD })).status).toBe(200);
    expect((await off({ password: TEST_PASSWORD })).status).toBe(409);
    const plain = await signIn(tenant, member.email);
    expect(sessionAnswer.safeParse(await plain.json()).success).toBe(true);
    const left = await inTenant(t.db, tenant.tenantId, (tx) =>
      tx.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.id)),
    );
    expect(left).toEqual([]);

    // A member who signs in through their institution has no password to give.
    const sso = await withTotp(tenant);
    await inTenant(t.db, tenant.tenantId, (tx) =>
      tx
        .update(accounts)
        .set({ passwordHash: null })
        .where(and(eq(accounts.tenantId, tenant.tenantId), eq(accounts.userId, sso.member.id))),
    );
    clock += 5 * 60_000 + 1_000;
    const stale = await sso.member.client.call('DELETE', '/auth/mfa/totp', {});
    expect(stale.status).toBe(403);
    expect((await stale.json()).message).toBe(mfaMessages.reauthenticate);
  });

  it('lets an administrator require a second factor of administrators, who set it up first', async () => {
    const tenant = await freshTenant(t);
    const member = await tenant.member();
    expect((await member.client.call('GET', '/admin/security')).status).toBe(403);
    expect(
      (await member.client.call('PUT', '/admin/security', { require_mfa_for_admins: true })).status,
    ).toBe(403);
    // Not before the administrator has one of their own.
    const early = await tenant.admin.call('PUT', '/admin/security', {
      require_mfa_for_admins: true,
    });
    expect(early.status).toBe(409);

    const { member: chief } = await withTotp(tenant, ['admin']);
    const on = await chief.client.call('PUT', '/admin/security', { require_mfa_for_admins: true });
    expect(await on.json()).toEqual({ require_mfa_for_admins: true });
    expect(await (await chief.client.call('GET', '/admin/security')).json()).toEqual({
      require_mfa_for_admins: true,
    });
    const audits = await inTenant(t.db, tenant.tenantId, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.action, 'security.update')),
    );
    expect(audits.map((entry) => entry.summary)).toEqual([
      'Required two-step verification of every administrator',
    ]);

    // The first administrator has none: signed in, they may only set it up.
    const res = await signIn(tenant, `admin@${tenant.domain}`);
    const cookie = res.headers.get('set-cookie')?.split(';')[0] ?? '';
    expect(sessionAnswer.parse(await res.json()).session.mfa_setup_required).toBe(true);
    const as = (method: string, path: string, body?: unknown) =>
      t.request(
        `/api/v1${path}`,
        body ? jsonInit(method, body, cookie) : { method, headers: { cookie } },
      );
    for (const [method, path] of [
      ['GET', '/ideas'],
      ['GET', '/admin/users'],
      ['GET', `/users/${tenant.adminUserId}`],
    ] as const) {
      const refused = await as(method, path);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        code: 'MFA_SETUP_REQUIRED',
        message: mfaMessages.setupRequired,
      });
    }
    expect((await as('GET', '/auth/session')).status).toBe(200);
    const { secret } = await (await as('POST', '/auth/mfa/totp')).json();
    expect((await as('POST', '/auth/mfa/totp/enable', { code: codeAt(secret) })).status).toBe(200);
    expect((await as('GET', '/ideas')).status).toBe(200);
    const after = sessionAnswer.parse(await (await as('GET', '/auth/session')).json());
    expect(after.session.mfa_setup_required).toBe(false);
    // Members are not administrators: nothing changes for them.
    expect((await member.client.call('GET', '/ideas')).status).toBe(200);
    expect((await as('POST', '/auth/sign-out', {})).status).toBe(200);
  });
});
