import { randomBytes } from 'node:crypto';
import { status } from '@kindling/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeUser } from '../../test/factories.ts';
import { freshTenant } from '../../test/fixtures.ts';
import { type PersonClaims, startOidcProvider } from '../../test/oidc-provider.ts';
import { accounts } from '../db/schema-auth.ts';
import { users } from '../db/schema-people.ts';
import { ssoRequests, userIdentities } from '../db/schema-sso.ts';
import { tenantById } from '../db/system.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import { noticesOf } from '../notifications/test-fixtures.ts';
import { admit } from './admission.ts';
import { findProvider } from './repository.ts';

const CALLBACK = 'http://localhost:3000/api/v1/auth/sso/oidc/callback';

describe('single sign-on through an OpenID Connect provider', () => {
  let t: TestApp;
  let op: Awaited<ReturnType<typeof startOidcProvider>>;

  beforeAll(async () => {
    t = await createTestApp();
    op = await startOidcProvider(CALLBACK);
  });
  afterAll(async () => {
    await op.close();
    await t.close();
  });

  type Tenant = Awaited<ReturnType<typeof freshTenant>>;

  async function withProvider(settings: Record<string, unknown> = {}) {
    const tenant = await freshTenant(t);
    const answer = await tenant.admin.call('POST', '/admin/identity-providers', {
      protocol: 'oidc',
      name: 'University Login',
      email_domains: [tenant.domain],
      issuer: op.issuer,
      client_id: op.clientId,
      client_secret: op.clientSecret,
      ...settings,
    });
    expect(answer.status).toBe(201);
    const { id } = (await answer.json()) as { id: number };
    return { tenant, providerId: id };
  }

  /** A person at the provider; their `sub` is returned. */
  function person(claims: PersonClaims): string {
    const sub = `sub-${randomBytes(6).toString('hex')}`;
    op.people.set(sub, { email_verified: true, ...claims });
    return sub;
  }

  async function start(tenant: Tenant, providerId: number, query = '') {
    const started = await t.request(
      `/api/v1/auth/sso/${providerId}/start?tenant_id=${tenant.tenantId}${query}`,
    );
    return { status: started.status, location: started.headers.get('location') ?? '' };
  }

  /** The whole round: start, the provider's login form, and the callback; what the app answered. */
  async function signIn(
    tenant: Tenant,
    providerId: number,
    sub: string,
    options: { query?: string; beforeCallback?: (url: URL) => Promise<URL | undefined> } = {},
  ) {
    const started = await start(tenant, providerId, options.query);
    expect(started.status).toBe(302);
    let back = await op.signIn(started.location, sub);
    back = (await options.beforeCallback?.(back)) ?? back;
    const answer = await t.request(`${back.pathname}${back.search}`);
    return {
      status: answer.status,
      location: answer.headers.get('location') ?? '',
      cookie: answer.headers.get('set-cookie') ?? '',
      callback: back,
    };
  }

  const refusedWith = (tenant: Tenant, code: string) =>
    `/signin?tenant=${encodeURIComponent(tenant.domain)}&sso_error=${code}`;

  const inTenantDb = <T>(tenantId: number, work: Parameters<typeof t.db.transaction<T>>[0]) =>
    t.db.transaction(async (tx) => {
      await bindTenant(tx, tenantId);
      return work(tx);
    });

  it('signs an active member in with state, nonce and PKCE, remembers them, and goes where they asked', async () => {
    const { tenant, providerId } = await withProvider();
    const member = await tenant.member({ email: `ada@${tenant.domain}` });
    const sub = person({ email: `Ada@${tenant.domain.toUpperCase()}` });
    const started = await start(tenant, providerId, '&remember_session=true&redirect=/ideas/7');
    const authorization = new URL(started.location);
    expect(authorization.origin).toBe(op.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    expect(authorization.searchParams.get('redirect_uri')).toBe(CALLBACK);
    const back = await op.signIn(started.location, sub);
    const answer = await t.request(`${back.pathname}${back.search}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(`/ideas/7?tenant=${tenant.domain}`);
    const cookie = answer.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=2592000/);
    const session = await t.request('/api/v1/auth/session', {
      headers: { cookie: cookie.split(';')[0] as string },
    });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { user: { userId: number } }).user.userId).toBe(member.id);

    // The same callback again: its state was used up.
    const replay = await t.request(`${back.pathname}${back.search}`);
    expect(replay.headers.get('location')).toBe(refusedWith(tenant, 'INVALID_RESPONSE'));
  });

  it('finds a linked member by the stable identifier even after their e-mail changed', async () => {
    const { tenant, providerId } = await withProvider();
    const member = await tenant.member({ email: `grace@${tenant.domain}` });
    const sub = person({ email: `grace@${tenant.domain}` });
    expect((await signIn(tenant, providerId, sub)).location).toBe(
      `/dashboard?tenant=${tenant.domain}`,
    );
    op.people.set(sub, { email: `grace.hopper@${tenant.domain}`, email_verified: true });
    const again = await signIn(tenant, providerId, sub);
    expect(again.location).toBe(`/dashboard?tenant=${tenant.domain}`);
    const links = await inTenantDb(tenant.tenantId, (tx) =>
      tx.select().from(userIdentities).where(eq(userIdentities.tenantId, tenant.tenantId)),
    );
    expect(links).toEqual([
      expect.objectContaining({ issuer: op.issuer, subject: sub, userId: member.id }),
    ]);
  });

  it('lets an invited person claim their approved profile with no password to invent, and sends a forgotten password to the provider', async () => {
    const { tenant, providerId } = await withProvider();
    const invited = await makeUser(t.db, tenant.tenantId, {
      email: `lin@${tenant.domain}`,
      adminStatusId: status.approved,
      userStatusId: status.pending,
    });
    const result = await signIn(tenant, providerId, person({ email: `lin@${tenant.domain}` }));
    expect(result.location).toBe(`/dashboard?tenant=${tenant.domain}`);
    const [row] = await inTenantDb(tenant.tenantId, (tx) =>
      tx
        .select({ userStatusId: users.userStatusId, passwordHash: accounts.passwordHash })
        .from(users)
        .innerJoin(
          accounts,
          and(eq(accounts.tenantId, users.tenantId), eq(accounts.userId, users.id)),
        )
        .where(and(eq(users.tenantId, tenant.tenantId), eq(users.id, invited.id))),
    );
    expect(row).toEqual({ userStatusId: status.approved, passwordHash: null });
    const password = await t.request('/api/v1/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `lin@${tenant.domain}`,
        password: 'Anything!1a',
        tenant_id: tenant.tenantId,
      }),
    });
    expect(password.status).toBe(404);
    const forgot = await t.request('/api/v1/auth/forgot-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `LIN@${tenant.domain}`, tenant_id: tenant.tenantId }),
    });
    expect(forgot.status).toBe(403);
    expect(((await forgot.json()) as { message: string }).message).toBe(
      'This account signs in through University Login.',
    );
  });

  it('answers pending, declined and disabled records as password sign-in does', async () => {
    const { tenant, providerId } = await withProvider();
    for (const [values, code] of [
      [{ adminStatusId: status.pending, userStatusId: status.pending }, 'NOT_APPROVED'],
      [{ adminStatusId: status.declined }, 'DECLINED'],
      [{ isDisabled: true }, 'DISABLED'],
    ] as const) {
      const email = `${code.toLowerCase()}@${tenant.domain}`;
      await makeUser(t.db, tenant.tenantId, { email, ...values });
      const result = await signIn(tenant, providerId, person({ email }));
      expect(result.location, code).toBe(refusedWith(tenant, code));
      expect(result.cookie, code).toBe('');
    }
  });

  it('queues an unknown person for approval, notifying the administrators, or admits them with auto_approve', async () => {
    const queued = await withProvider({ default_role_id: 2 });
    const email = `newcomer@${queued.tenant.domain}`;
    const pending = await signIn(
      queued.tenant,
      queued.providerId,
      person({ email, given_name: 'Nia', family_name: 'Okafor' }),
    );
    expect(pending.location).toBe(refusedWith(queued.tenant, 'NOT_APPROVED'));
    const [request] = await inTenantDb(queued.tenant.tenantId, (tx) =>
      tx.select().from(users).where(eq(users.email, email)),
    );
    expect(request).toMatchObject({
      firstName: 'Nia',
      lastName: 'Okafor',
      roleId: 2,
      adminStatusId: status.pending,
      userStatusId: status.pending,
    });
    expect(await noticesOf(t, queued.tenant.tenantId, queued.tenant.adminUserId)).toEqual([
      {
        kind: 'member_pending',
        actorId: request?.id,
        ideaId: null,
        text: 'Nia Okafor signed in through single sign-on and awaits approval',
        link: '/admin/requests',
      },
    ]);

    const open = await withProvider({ auto_approve: true, default_role_id: 2 });
    const admitted = await signIn(
      open.tenant,
      open.providerId,
      person({ email: `walk-in@${open.tenant.domain}`, given_name: 'Ren' }),
    );
    expect(admitted.location).toBe(`/dashboard?tenant=${open.tenant.domain}`);
    const session = await t.request('/api/v1/auth/session', {
      headers: { cookie: admitted.cookie.split(';')[0] as string },
    });
    expect(await session.json()).toMatchObject({
      user: { name: expect.stringContaining('Ren'), roleId: 2 },
    });
  });

  it('admits a newcomer once when their first sign-ins race, and signs each in', async () => {
    const open = await withProvider({ auto_approve: true });
    const email = `twice@${open.tenant.domain}`;
    const tenant = await tenantById(t.db, open.tenant.tenantId);
    const provider = await inTenantDb(open.tenant.tenantId, (tx) =>
      findProvider(tx, open.tenant.tenantId, open.providerId),
    );
    if (!tenant || !provider) throw new Error('the tenant and its provider were just made');
    const asserted = {
      issuer: op.issuer,
      subject: person({ email }),
      email,
      emailVerified: true,
      givenName: 'Tove',
      familyName: null,
    };
    // Past the provider, straight into the matching rules: their transactions overlap on
    // PostgreSQL, each finding nobody before any of them adds the newcomer.
    const signedIn = await Promise.all(
      [1, 2, 3, 4].map(() =>
        admit(t.deps, tenant, provider, asserted, {
          remember: false,
          userAgent: undefined,
          replaces: null,
        }),
      ),
    );
    const made = await inTenantDb(open.tenant.tenantId, (tx) =>
      tx.select().from(users).where(eq(users.email, email)),
    );
    expect(made).toHaveLength(1);
    expect(new Set(signedIn.map((session) => session.answer.user.userId))).toEqual(
      new Set([made[0]?.id]),
    );
  });

  it('refuses an e-mail that is missing, unverified or of a domain the provider does not serve', async () => {
    const { tenant, providerId } = await withProvider();
    await tenant.member({ email: `kim@${tenant.domain}` });
    for (const [claims, code] of [
      [{}, 'NO_EMAIL'],
      [{ email: `kim@${tenant.domain}`, email_verified: false }, 'EMAIL_NOT_VERIFIED'],
      [{ email: `admin@${tenant.domain}.evil.test` }, 'DOMAIN_NOT_ALLOWED'],
      [{ email: `admin@other.test` }, 'DOMAIN_NOT_ALLOWED'],
    ] as const) {
      const sub = `sub-${randomBytes(6).toString('hex')}`;
      op.people.set(sub, claims);
      const result = await signIn(tenant, providerId, sub);
      expect(result.location, code).toBe(refusedWith(tenant, code));
      expect(result.cookie, code).toBe('');
    }
  });

  it('refuses a state it did not issue, a wrong nonce, an expired ID token and a provider error', async () => {
    const { tenant, providerId } = await withProvider();
    const member = await tenant.member({ email: `zed@${tenant.domain}` });
    const sub = person({ email: member.email });

    const forged = await signIn(tenant, providerId, sub, {
      beforeCallback: async (url) => {
        const state = url.searchParams.get('state') ?? '';
        url.searchParams.set('state', `${state.slice(0, -4)}AAAA`);
        return url;
      },
    });
    expect(forged.location).toBe(refusedWith(tenant, 'INVALID_RESPONSE'));
    const unknown = await t.request('/api/v1/auth/sso/oidc/callback?state=nonsense&code=x');
    expect(unknown.headers.get('location')).toBe('/signin?sso_error=INVALID_RESPONSE');

    const wrongNonce = await signIn(tenant, providerId, sub, {
      beforeCallback: async () => {
        await inTenantDb(tenant.tenantId, (tx) =>
          tx
            .update(ssoRequests)
            .set({ nonce: 'not-the-nonce-sent' })
            .where(eq(ssoRequests.providerId, providerId)),
        );
        return undefined;
      },
    });
    expect(wrongNonce.location).toBe(refusedWith(tenant, 'INVALID_RESPONSE'));

    const realNow = t.deps.now;
    op.settings.idTokenSeconds = 60;
    try {
      const expired = await signIn(tenant, providerId, sub, {
        beforeCallback: async () => {
          const later = Date.now() + 5 * 60_000;
          t.deps.now = () => new Date(later);
          return undefined;
        },
      });
      expect(expired.location).toBe(refusedWith(tenant, 'INVALID_RESPONSE'));
    } finally {
      t.deps.now = realNow;
      op.settings.idTokenSeconds = 3600;
    }

    const denied = await signIn(tenant, providerId, sub, {
      beforeCallback: async (url) => {
        const back = new URL(url.pathname, url);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        back.searchParams.set('error', 'access_denied');
        return back;
      },
    });
    expect(denied.location).toBe(refusedWith(tenant, 'PROVIDER_ERROR'));
  });

  it("refuses another tenant's provider and a disabled one", async () => {
    const alpha = await withProvider();
    const beta = await withProvider();
    expect((await start(beta.tenant, alpha.providerId)).status).toBe(404);

    // A state of Alpha's presented as Beta's: Beta has no such request.
    const member = await alpha.tenant.member({ email: `max@${alpha.tenant.domain}` });
    const crossed = await signIn(alpha.tenant, alpha.providerId, person({ email: member.email }), {
      beforeCallback: async (url) => {
        const [, ...rest] = (url.searchParams.get('state') ?? '').split('.');
        url.searchParams.set('state', [beta.tenant.tenantId, beta.providerId, rest[1]].join('.'));
        return url;
      },
    });
    expect(crossed.location).toBe(refusedWith(beta.tenant, 'INVALID_RESPONSE'));

    const disable = (enabled: boolean) =>
      alpha.tenant.admin.call('PUT', `/admin/identity-providers/${alpha.providerId}`, {
        protocol: 'oidc',
        name: 'University Login',
        enabled,
        email_domains: [alpha.tenant.domain],
        issuer: op.issuer,
        client_id: op.clientId,
      });
    await disable(false);
    const refused = await start(alpha.tenant, alpha.providerId);
    expect(refused.location).toBe(refusedWith(alpha.tenant, 'DISABLED'));
    await disable(true);
    const midway = await signIn(alpha.tenant, alpha.providerId, person({ email: member.email }), {
      beforeCallback: async () => {
        await disable(false);
        return undefined;
      },
    });
    expect(midway.location).toBe(refusedWith(alpha.tenant, 'DISABLED'));
  });
});
