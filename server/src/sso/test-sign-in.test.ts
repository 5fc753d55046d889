import { randomBytes } from 'node:crypto';
import type { SsoTestResult } from '@kindling/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { freshTenant } from '../../test/fixtures.ts';
import { startOidcProvider } from '../../test/oidc-provider.ts';
import { startSamlIdp } from '../../test/saml-idp.ts';
import { sessions } from '../db/schema-auth.ts';
import { users } from '../db/schema-people.ts';
import { auditLog } from '../db/schema-records.ts';
import { userIdentities } from '../db/schema-sso.ts';
import { bindTenant } from '../db/tenant-scope.ts';

const CALLBACK = 'http://localhost:3000/api/v1/auth/sso/oidc/callback';
const MAIL = 'urn:oid:0.9.2342.19200300.100.1.3';
const EPPN = 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6';

describe("an administrator's test sign-in", () => {
  let t: TestApp;
  let op: Awaited<ReturnType<typeof startOidcProvider>>;
  let idp: Awaited<ReturnType<typeof startSamlIdp>>;

  beforeAll(async () => {
    t = await createTestApp();
    op = await startOidcProvider(CALLBACK);
    idp = await startSamlIdp();
  });
  afterAll(async () => {
    await op.close();
    await idp.close();
    await t.close();
  });

  type Tenant = Awaited<ReturnType<typeof freshTenant>>;

  async function withProvider(tenant: Tenant, protocol: 'oidc' | 'saml') {
    const settings =
      protocol === 'oidc'
        ? { issuer: op.issuer, client_id: op.clientId, client_secret: op.clientSecret }
        : { metadata_url: idp.metadataUrl };
    const answer = await tenant.admin.call('POST', '/admin/identity-providers', {
      protocol,
      name: 'University Login',
      email_domains: [tenant.domain],
      ...settings,
    });
    expect(answer.status).toBe(201);
    const { id } = (await answer.json()) as { id: number };
    if (protocol === 'saml') {
      idp.trust(await (await t.request(`/api/v1/auth/sso/saml/${id}/metadata`)).text());
    }
    return id;
  }

  const startTest = (tenant: Tenant, providerId: number, cookie?: string) =>
    t.request(`/api/v1/auth/sso/${providerId}/start?tenant_id=${tenant.tenantId}&test=true`, {
      headers: cookie ? { cookie } : {},
    });

  async function resultOf(cookie: string, providerId: number) {
    const answer = await t.request(`/api/v1/admin/identity-providers/${providerId}/test-result`, {
      headers: { cookie },
    });
    return {
      status: answer.status,
      result: answer.ok
        ? ((await answer.json()) as { result: SsoTestResult | null }).result
        : undefined,
    };
  }

  /** What a test must never change: the tenant's members, their links and their sessions. */
  const standing = (tenantId: number) =>
    t.db.transaction(async (tx) => {
      await bindTenant(tx, tenantId);
      const [u] = await tx.select({ n: count() }).from(users).where(eq(users.tenantId, tenantId));
      const [l] = await tx
        .select({ n: count() })
        .from(userIdentities)
        .where(eq(userIdentities.tenantId, tenantId));
      const [s] = await tx
        .select({ n: count() })
        .from(sessions)
        .where(eq(sessions.tenantId, tenantId));
      const tests = await tx
        .select({ summary: auditLog.summary })
        .from(auditLog)
        .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.action, 'sso.test')));
      return { users: u?.n, links: l?.n, sessions: s?.n, tests: tests.length };
    });

  const toConsole = (tenant: Tenant, providerId: number) =>
    `/admin/identity/${providerId}?sso_test=1&tenant=${tenant.domain}`;

  it('through OIDC shows what arrived and what would happen, and signs nobody in, makes, links or changes nobody', async () => {
    const tenant = await freshTenant(t);
    const providerId = await withProvider(tenant, 'oidc');
    const member = await tenant.member({ email: `ada@${tenant.domain}` });
    const before = await standing(tenant.tenantId);

    const trial = async (sub: string) => {
      const started = await startTest(tenant, providerId, tenant.admin.cookie);
      expect(started.status).toBe(302);
      const back = await op.signIn(started.headers.get('location') ?? '', sub);
      // The browser sends the administrator's cookie along (SameSite=Lax, top-level GET).
      const answer = await t.request(`${back.pathname}${back.search}`, {
        headers: { cookie: tenant.admin.cookie },
      });
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe(toConsole(tenant, providerId));
      expect(answer.headers.get('set-cookie')).toBeNull();
      return (await resultOf(tenant.admin.cookie, providerId)).result;
    };

    const known = `sub-${randomBytes(6).toString('hex')}`;
    op.people.set(known, {
      email: `ada@${tenant.domain}`,
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
    });
    expect(await trial(known)).toMatchObject({
      asserted: {
        issuer: op.issuer,
        subject: known,
        email: `ada@${tenant.domain}`,
        email_verified: true,
        given_name: 'Ada',
        family_name: 'Lovelace',
      },
      outcome: 'sign_in',
      code: null,
      member: { id: member.id, email: `ada@${tenant.domain}` },
      linked: false,
    });

    const newcomer = `sub-${randomBytes(6).toString('hex')}`;
    op.people.set(newcomer, { email: `new@${tenant.domain}`, email_verified: true });
    expect(await trial(newcomer)).toMatchObject({ outcome: 'queue', code: 'NOT_APPROVED' });

    const stranger = `sub-${randomBytes(6).toString('hex')}`;
    op.people.set(stranger, { email: 'eve@elsewhere.example', email_verified: true });
    expect(await trial(stranger)).toMatchObject({
      outcome: 'refuse',
      code: 'DOMAIN_NOT_ALLOWED',
      asserted: { email: 'eve@elsewhere.example' },
    });

    const after = await standing(tenant.tenantId);
    expect(after).toEqual({ ...before, tests: before.tests + 3 });
  });

  it('shows a refusal of the protocol itself as its code', async () => {
    const tenant = await freshTenant(t);
    const providerId = await withProvider(tenant, 'oidc');
    const sub = `sub-${randomBytes(6).toString('hex')}`;
    op.people.set(sub, { email: `ada@${tenant.domain}`, email_verified: true });
    const started = await startTest(tenant, providerId, tenant.admin.cookie);
    const back = await op.signIn(started.headers.get('location') ?? '', sub);
    back.searchParams.set('code', 'forged');
    const answer = await t.request(`${back.pathname}${back.search}`);
    expect(answer.headers.get('location')).toBe(toConsole(tenant, providerId));
    const { result } = await resultOf(tenant.admin.cookie, providerId);
    expect(result).toMatchObject({ asserted: null, outcome: 'refuse' });
    expect(['INVALID_RESPONSE', 'PROVIDER_ERROR']).toContain(result?.code);
  });

  it('may be started only by an administrator of the tenant, and read only by the session that ran it', async () => {
    const tenant = await freshTenant(t);
    const other = await freshTenant(t);
    const providerId = await withProvider(tenant, 'oidc');
    const member = await tenant.member();
    const before = await standing(tenant.tenantId);
    expect((await startTest(tenant, providerId)).status).toBe(403);
    expect((await startTest(tenant, providerId, member.client.cookie)).status).toBe(403);
    expect((await startTest(tenant, providerId, other.admin.cookie)).status).toBe(403);
    expect(await standing(tenant.tenantId)).toEqual(before);

    const sub = `sub-${randomBytes(6).toString('hex')}`;
    op.people.set(sub, { email: `ada@${tenant.domain}`, email_verified: true });
    const started = await startTest(tenant, providerId, tenant.admin.cookie);
    const back = await op.signIn(started.headers.get('location') ?? '', sub);
    await t.request(`${back.pathname}${back.search}`);
    expect((await resultOf(tenant.admin.cookie, providerId)).result).not.toBeNull();
    expect(await resultOf(other.admin.cookie, providerId)).toEqual({
      status: 404,
      result: undefined,
    });
    expect((await resultOf(member.client.cookie, providerId)).status).toBe(403);
  });

  it('through SAML shows the NameID and attributes, posted cross-site without the cookie, and refuses an unsigned answer with its code', async () => {
    const tenant = await freshTenant(t);
    const providerId = await withProvider(tenant, 'saml');
    const before = await standing(tenant.tenantId);

    const trial = async (answer: Parameters<typeof idp.signIn>[2] = {}) => {
      const started = await startTest(tenant, providerId, tenant.admin.cookie);
      expect(started.status).toBe(302);
      const form = await idp.signIn(
        started.headers.get('location') ?? '',
        { attributes: { [MAIL]: `grace@${tenant.domain}`, [EPPN]: `grace@${tenant.domain}` } },
        answer,
      );
      const posted = await idp.post(t, form.action, {
        SAMLResponse: form.SAMLResponse,
        RelayState: form.RelayState,
      });
      expect(posted.headers.get('location')).toBe(toConsole(tenant, providerId));
      expect(posted.headers.get('set-cookie')).toBeNull();
      return (await resultOf(tenant.admin.cookie, providerId)).result;
    };

    expect(await trial()).toMatchObject({
      asserted: {
        subject: `eppn:grace@${tenant.domain}`,
        email: `grace@${tenant.domain}`,
        attributes: { [MAIL]: `grace@${tenant.domain}` },
      },
      outcome: 'queue',
    });
    expect(await trial({ sign: 'none' })).toMatchObject({
      asserted: null,
      outcome: 'refuse',
      code: 'INVALID_RESPONSE',
    });
    expect(await standing(tenant.tenantId)).toEqual({ ...before, tests: before.tests + 2 });

    // A provider is tried before it is enabled: the test still shows what arrived.
    const disabled = await tenant.admin.call('PUT', `/admin/identity-providers/${providerId}`, {
      protocol: 'saml',
      name: 'University Login',
      email_domains: [tenant.domain],
      enabled: false,
    });
    expect(disabled.status).toBe(200);
    expect(await trial()).toMatchObject({
      asserted: { email: `grace@${tenant.domain}` },
      outcome: 'refuse',
      code: 'DISABLED',
    });
  });
});
