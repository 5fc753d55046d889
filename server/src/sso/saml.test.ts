import { randomBytes } from 'node:crypto';
import { status } from '@kindling/contract';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeUser } from '../../test/factories.ts';
import { freshTenant } from '../../test/fixtures.ts';
import { type SamlAnswer, type SamlPerson, startSamlIdp } from '../../test/saml-idp.ts';
import { accounts } from '../db/schema-auth.ts';
import { users } from '../db/schema-people.ts';
import { auditLog } from '../db/schema-records.ts';
import { ssoAssertions, ssoRequests, userIdentities } from '../db/schema-sso.ts';
import { bindTenant } from '../db/tenant-scope.ts';

const MAIL = 'urn:oid:0.9.2342.19200300.100.1.3';
const GIVEN = 'urn:oid:2.5.4.42';
const SURNAME = 'urn:oid:2.5.4.4';
const EPPN = 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6';
const PUBLIC = 'http://localhost:3000';

describe('single sign-on through a SAML 2.0 identity provider', () => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof startSamlIdp>>;

  beforeAll(async () => {
    t = await createTestApp();
    idp = await startSamlIdp();
  });
  afterAll(async () => {
    await idp.close();
    await t.close();
  });

  type Tenant = Awaited<ReturnType<typeof freshTenant>>;

  /** A tenant whose administrator connected the identity provider, registered there in turn. */
  async function withProvider(settings: Record<string, unknown> = {}, tenant?: Tenant) {
    const owner = tenant ?? (await freshTenant(t));
    const answer = await owner.admin.call('POST', '/admin/identity-providers', {
      protocol: 'saml',
      name: 'Campus Shibboleth',
      email_domains: [owner.domain],
      metadata_url: idp.metadataUrl,
      ...settings,
    });
    expect(answer.status).toBe(201);
    const { id } = (await answer.json()) as { id: number };
    const metadata = await t.request(`/api/v1/auth/sso/saml/${id}/metadata`);
    idp.trust(await metadata.text());
    return { tenant: owner, providerId: id };
  }

  async function start(tenant: Tenant, providerId: number, query = '') {
    const started = await t.request(
      `/api/v1/auth/sso/${providerId}/start?tenant_id=${tenant.tenantId}${query}`,
    );
    return { status: started.status, location: started.headers.get('location') ?? '' };
  }

  /** The provider's page posting its form to the app, cross-site as in a browser. */
  async function post(action: URL, fields: Record<string, string>) {
    const answer = await idp.post(t, action, fields);
    return {
      status: answer.status,
      location: answer.headers.get('location') ?? '',
      cookie: answer.headers.get('set-cookie') ?? '',
    };
  }

  /** The whole round: start, the provider's page as `person`, its form posted to the app. */
  async function signIn(
    tenant: Tenant,
    providerId: number,
    person: SamlPerson,
    options: {
      query?: string;
      answer?: SamlAnswer;
      alter?: (xml: string) => string;
      postTo?: number;
    } = {},
  ) {
    const started = await start(tenant, providerId, options.query);
    expect(started.status).toBe(302);
    const form = await idp.signIn(started.location, person, options.answer);
    let response = form.SAMLResponse;
    if (options.alter) {
      const xml = options.alter(Buffer.from(response, 'base64').toString('utf8'));
      response = Buffer.from(xml).toString('base64');
    }
    const action =
      options.postTo === undefined
        ? form.action
        : new URL(`/api/v1/auth/sso/saml/${options.postTo}/acs`, PUBLIC);
    const fields = { SAMLResponse: response, RelayState: form.RelayState };
    return { ...(await post(action, fields)), form: { action, fields } };
  }

  const mailOf = (email: string, more: Record<string, string> = {}): SamlPerson => ({
    attributes: { [MAIL]: email, ...more },
  });

  const refusedWith = (tenant: Tenant, code: string) =>
    `/signin?tenant=${encodeURIComponent(tenant.domain)}&sso_error=${code}`;

  const inTenantDb = <T>(tenantId: number, work: Parameters<typeof t.db.transaction<T>>[0]) =>
    t.db.transaction(async (tx) => {
      await bindTenant(tx, tenantId);
      return work(tx);
    });

  const sessionUser = async (cookie: string) => {
    const session = await t.request('/api/v1/auth/session', {
      headers: { cookie: cookie.split(';')[0] as string },
    });
    return session.status === 200
      ? ((await session.json()) as { user: { userId: number; name: string; roleId: number } }).user
      : null;
  };

  it("publishes Kindling's metadata: entity id, assertion consumer service, both certificates and the attributes asked for", async () => {
    const { providerId } = await withProvider();
    const answer = await t.request(`/api/v1/auth/sso/saml/${providerId}/metadata`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/samlmetadata+xml');
    const xml = await answer.text();
    expect(xml).toContain(`entityID="${PUBLIC}/api/v1/auth/sso/saml/${providerId}/metadata"`);
    expect(xml).toMatch(
      new RegExp(
        `Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${PUBLIC}/api/v1/auth/sso/saml/${providerId}/acs"`,
      ),
    );
    expect(xml).toContain('use="signing"');
    expect(xml).toContain('use="encryption"');
    expect(xml).toContain('AuthnRequestsSigned="true"');
    for (const name of [MAIL, GIVEN, SURNAME, EPPN]) expect(xml).toContain(`Name="${name}"`);
    expect(xml).toContain('<ServiceName xml:lang="en">Test University</ServiceName>');
    expect(xml).not.toContain('PRIVATE KEY');
    expect((await t.request('/api/v1/auth/sso/saml/999999/metadata')).status).toBe(404);
  });

  it('signs an active member in through a signed AuthnRequest, remembers them, goes where they asked, and refuses the same response again', async () => {
    const { tenant, providerId } = await withProvider();
    const member = await tenant.member({ email: `ada@${tenant.domain}` });
    const started = await start(tenant, providerId, '&remember_session=true&redirect=/ideas/7');
    const authn = new URL(started.location);
    expect(`${authn.origin}${authn.pathname}`).toBe(`${idp.origin}/sso`);
    expect(authn.searchParams.get('SigAlg')).toBe(
      'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    );
    expect(authn.searchParams.get('Signature')).toBeTruthy();
    const requests = await inTenantDb(tenant.tenantId, (tx) =>
      tx.select().from(ssoRequests).where(eq(ssoRequests.providerId, providerId)),
    );
    expect(requests).toEqual([expect.objectContaining({ redirect: '/ideas/7', remember: true })]);

    const form = await idp.signIn(started.location, mailOf(`Ada@${tenant.domain.toUpperCase()}`));
    const fields = { SAMLResponse: form.SAMLResponse, RelayState: form.RelayState };
    const answer = await post(form.action, fields);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/ideas/7?tenant=${tenant.domain}`);
    expect(answer.cookie).toMatch(/HttpOnly/i);
    expect(answer.cookie).toMatch(/Max-Age=2592000/);
    expect((await sessionUser(answer.cookie))?.userId).toBe(member.id);

    const replay = await post(form.action, fields);
    expect(replay.location).toBe(refusedWith(tenant, 'INVALID_RESPONSE'));
    expect(replay.cookie).toBe('');
    const audit = await inTenantDb(tenant.tenantId, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.tenantId, tenant.tenantId)),
    );
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['sso.sign-in', 'sso.refused']),
    );
  });

  it("signs in through the provider's login page as a browser would, the form posted cross-site", async () => {
    const { tenant, providerId } = await withProvider();
    const member = await tenant.member({ email: `cy@${tenant.domain}` });
    const started = await start(tenant, providerId);
    const loginPage = await (await fetch(started.location)).text();
    const query = /name="query" value="([^"]*)"/.exec(loginPage)?.[1]?.replace(/&amp;/g, '&');
    const answer = await fetch(`${idp.origin}/login`, {
      method: 'POST',
      body: new URLSearchParams({ query: query ?? '', email: member.email }),
    });
    const html = await answer.text();
    const field = (name: string) =>
      new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';
    const action = new URL(/action="([^"]+)"/.exec(html)?.[1] ?? '');
    const result = await post(action, { SAMLResponse: field('SAMLResponse'), RelayState: '' });
    expect(result.location).toBe(`/dashboard?tenant=${tenant.domain}`);
    expect((await sessionUser(result.cookie))?.userId).toBe(member.id);
  });

  it('accepts a signed response with an unsigned assertion, and an encrypted assertion', async () => {
    const { tenant, providerId } = await withProvider();
    await tenant.member({ email: `bo@${tenant.domain}` });
    for (const answer of [{ sign: 'response' }, { encrypt: true }] as const) {
      const result = await signIn(tenant, providerId, mailOf(`bo@${tenant.domain}`), { answer });
      expect(result.location, JSON.stringify(answer)).toBe(`/dashboard?tenant=${tenant.domain}`);
      expect(result.cookie).toMatch(/HttpOnly/i);
    }
  });

  it('reads friendly names, links eduPersonPrincipalName and finds the member by it after their e-mail changed', async () => {
    const { tenant, providerId } = await withProvider();
    const member = await tenant.member({ email: `grace@${tenant.domain}` });
    const eppn = `gh${randomBytes(3).toString('hex')}@${tenant.domain}`;
    const first = await signIn(tenant, providerId, {
      attributes: { mail: `grace@${tenant.domain}`, eduPersonPrincipalName: eppn },
    });
    expect(first.location).toBe(`/dashboard?tenant=${tenant.domain}`);
    const again = await signIn(
      tenant,
      providerId,
      mailOf(`grace.hopper@${tenant.domain}`, { [EPPN]: eppn }),
    );
    expect(again.location).toBe(`/dashboard?tenant=${tenant.domain}`);
    expect((await sessionUser(again.cookie))?.userId).toBe(member.id);
    const links = await inTenantDb(tenant.tenantId, (tx) =>
      tx.select().from(userIdentities).where(eq(userIdentities.tenantId, tenant.tenantId)),
    );
    expect(links).toEqual([
      expect.objectContaining({ issuer: idp.entityId, subject: `eppn:${eppn}`, userId: member.id }),
    ]);
  });

  it('takes an e-mail NameID when no mail is released, and a persistent NameID as the stable identifier', async () => {
    const { tenant, providerId } = await withProvider();
    const byNameId = await tenant.member({ email: `nia@${tenant.domain}` });
    const result = await signIn(tenant, providerId, {
      nameId: `nia@${tenant.domain}`,
      nameIdFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    });
    expect((await sessionUser(result.cookie))?.userId).toBe(byNameId.id);
    const persistent = await tenant.member({ email: `ren@${tenant.domain}` });
    const opaque = randomBytes(8).toString('hex');
    await signIn(tenant, providerId, {
      ...mailOf(`ren@${tenant.domain}`),
      nameId: opaque,
      nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
    });
    const [link] = await inTenantDb(tenant.tenantId, (tx) =>
      tx.select().from(userIdentities).where(eq(userIdentities.userId, persistent.id)),
    );
    expect(link?.subject).toBe(`persistent:${opaque}`);
  });

  it('claims an approved profile with no password, answers pending, declined and disabled records, queues or admits newcomers', async () => {
    const { tenant, providerId } = await withProvider({ default_role_id: 2 });
    const invited = await makeUser(t.db, tenant.tenantId, {
      email: `lin@${tenant.domain}`,
      adminStatusId: status.approved,
      userStatusId: status.pending,
    });
    const claimed = await signIn(tenant, providerId, mailOf(`lin@${tenant.domain}`));
    expect((await sessionUser(claimed.cookie))?.userId).toBe(invited.id);
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

    for (const [values, code] of [
      [{ adminStatusId: status.pending, userStatusId: status.pending }, 'NOT_APPROVED'],
      [{ adminStatusId: status.declined }, 'DECLINED'],
      [{ isDisabled: true }, 'DISABLED'],
    ] as const) {
      const email = `${code.toLowerCase()}@${tenant.domain}`;
      await makeUser(t.db, tenant.tenantId, { email, ...values });
      const result = await signIn(tenant, providerId, mailOf(email));
      expect(result.location, code).toBe(refusedWith(tenant, code));
      expect(result.cookie, code).toBe('');
    }

    const newcomer = `newcomer@${tenant.domain}`;
    const queued = await signIn(
      tenant,
      providerId,
      mailOf(newcomer, { [GIVEN]: 'Nia', [SURNAME]: 'Okafor' }),
    );
    expect(queued.location).toBe(refusedWith(tenant, 'NOT_APPROVED'));
    const [request] = await inTenantDb(tenant.tenantId, (tx) =>
      tx.select().from(users).where(eq(users.email, newcomer)),
    );
    expect(request).toMatchObject({
      firstName: 'Nia',
      lastName: 'Okafor',
      roleId: 2,
      adminStatusId: status.pending,
    });

    const open = await withProvider({ auto_approve: true, default_role_id: 2 });
    const admitted = await signIn(
      open.tenant,
      open.providerId,
      mailOf(`walk-in@${open.tenant.domain}`, { givenName: 'Ren' }),
    );
    expect(await sessionUser(admitted.cookie)).toMatchObject({
      name: expect.stringContaining('Ren'),
      roleId: 2,
    });
  });

  it('refuses no e-mail and an e-mail of a domain the provider does not serve', async () => {
    const { tenant, providerId } = await withProvider();
    for (const [person, code] of [
      [{ attributes: { [GIVEN]: 'Kim' } }, 'NO_EMAIL'],
      [mailOf(`admin@${tenant.domain}.evil.test`), 'DOMAIN_NOT_ALLOWED'],
      [mailOf('admin@other.test'), 'DOMAIN_NOT_ALLOWED'],
    ] as const) {
      const result = await signIn(tenant, providerId, person);
      expect(result.location, code).toBe(refusedWith(tenant, code));
      expect(result.cookie, code).toBe('');
    }
  });

  it('refuses an unsigned response, a wrapped second assertion, another audience, destination or recipient, an expired assertion and an unknown InResponseTo', async () => {
    const { tenant, providerId } = await withProvider();
    const member = await tenant.member({ email: `zed@${tenant.domain}` });
    const person = mailOf(member.email);
    const past = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const wrap = (xml: string) => {
      // A second assertion for another person beside the signed one, which keeps its signature.
      const signed = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)?.[0] ?? '';
      const forged = signed
        .replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '')
        .replace(/ ID="[^"]+"/, ' ID="_forged"')
        .replace(member.email, `admin@${tenant.domain}`);
      return xml.replace(signed, `${forged}${signed}`);
    };
    const cases: [string, Parameters<typeof signIn>[3]][] = [
      ['unsigned', { answer: { sign: 'none' } }],
      ['wrapped', { alter: wrap }],
      ['audience', { answer: { values: { Audience: 'https://other.test/sp' } } }],
      ['destination', { answer: { values: { Destination: `${PUBLIC}/elsewhere` } } }],
      ['recipient', { answer: { values: { SubjectRecipient: `${PUBLIC}/elsewhere` } } }],
      [
        'expired',
        {
          answer: {
            values: {
              IssueInstant: past(10),
              ConditionsNotBefore: past(10),
              ConditionsNotOnOrAfter: past(5),
              SubjectConfirmationDataNotOnOrAfter: past(5),
            },
          },
        },
      ],
      ['unknown request', { answer: { values: { InResponseTo: '_not-issued-here' } } }],
    ];
    for (const [name, options] of cases) {
      const result = await signIn(tenant, providerId, person, options);
      expect(result.location, name).toBe(refusedWith(tenant, 'INVALID_RESPONSE'));
      expect(result.cookie, name).toBe('');
    }
    const refusals = await inTenantDb(tenant.tenantId, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.action, 'sso.refused')),
    );
    expect(refusals).toHaveLength(cases.length);
  });

  it('remembers an accepted assertion until it expires and refuses its id again', async () => {
    const { tenant, providerId } = await withProvider();
    await tenant.member({ email: `ida@${tenant.domain}` });
    const assertionId = `_${randomBytes(16).toString('hex')}`;
    const answer = { values: { AssertionID: assertionId } };
    const person = mailOf(`ida@${tenant.domain}`);
    const first = await signIn(tenant, providerId, person, { answer });
    expect(first.location).toBe(`/dashboard?tenant=${tenant.domain}`);
    const [kept] = await inTenantDb(tenant.tenantId, (tx) =>
      tx.select().from(ssoAssertions).where(eq(ssoAssertions.assertionId, assertionId)),
    );
    expect(kept?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
    const second = await signIn(tenant, providerId, person, { answer });
    expect(second.location).toBe(refusedWith(tenant, 'INVALID_RESPONSE'));
  });

  it("refuses a response of one tenant's provider posted to another tenant's, and a disabled provider", async () => {
    const alpha = await withProvider();
    const beta = await withProvider();
    const member = await alpha.tenant.member({ email: `max@${alpha.tenant.domain}` });
    expect((await start(beta.tenant, alpha.providerId)).status).toBe(404);
    const crossed = await signIn(alpha.tenant, alpha.providerId, mailOf(member.email), {
      postTo: beta.providerId,
    });
    expect(crossed.location).toBe(refusedWith(beta.tenant, 'INVALID_RESPONSE'));
    expect(crossed.cookie).toBe('');

    const disable = (enabled: boolean) =>
      alpha.tenant.admin.call('PUT', `/admin/identity-providers/${alpha.providerId}`, {
        protocol: 'saml',
        name: 'Campus Shibboleth',
        enabled,
        email_domains: [alpha.tenant.domain],
      });
    expect((await disable(false)).status).toBe(200);
    expect((await start(alpha.tenant, alpha.providerId)).location).toBe(
      refusedWith(alpha.tenant, 'DISABLED'),
    );
    await disable(true);
    const started = await start(alpha.tenant, alpha.providerId);
    const form = await idp.signIn(started.location, mailOf(member.email));
    await disable(false);
    const midway = await post(form.action, {
      SAMLResponse: form.SAMLResponse,
      RelayState: form.RelayState,
    });
    expect(midway.location).toBe(refusedWith(alpha.tenant, 'DISABLED'));
  });

  it('answers a post to no SAML provider with INVALID_RESPONSE and a post without a response with 400', async () => {
    const missing = await post(new URL('/api/v1/auth/sso/saml/999999/acs', PUBLIC), {
      SAMLResponse: 'PHg+',
    });
    expect(missing.location).toBe('/signin?sso_error=INVALID_RESPONSE');
    const { providerId } = await withProvider();
    const empty = await post(new URL(`/api/v1/auth/sso/saml/${providerId}/acs`, PUBLIC), {});
    expect(empty.status).toBe(400);
  });

  it('answers whatever is posted to the assertion consumer with a redirect or a 400, never a 5xx', async () => {
    const { providerId } = await withProvider();
    const acs = new URL(`/api/v1/auth/sso/saml/${providerId}/acs`, PUBLIC);
    const response = (inner: string) =>
      Buffer.from(
        `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" InResponseTo="${inner}">${inner}</samlp:Response>`,
      ).toString('base64');
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.string().map(response)), async (value) => {
        const answer = await post(acs, { SAMLResponse: value });
        expect([302, 400]).toContain(answer.status);
      }),
      { numRuns: 25 },
    );
  });

  it('writes at most 20 refusals of one provider to the audit log in 10 minutes, the last saying so', async () => {
    const { tenant, providerId } = await withProvider();
    const acs = new URL(`/api/v1/auth/sso/saml/${providerId}/acs`, PUBLIC);
    const forged = Buffer.from('<samlp:Response xmlns:samlp="x"/>').toString('base64');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => post(acs, { SAMLResponse: forged })),
    );
    expect(answers.map((answer) => answer.location)).toEqual(
      answers.map(() => refusedWith(tenant, 'INVALID_RESPONSE')),
    );
    const entries = await inTenantDb(tenant.tenantId, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.action, 'sso.refused')),
    );
    expect(entries).toHaveLength(20);
    const paused = entries.filter((entry) => (entry.detail as { paused: boolean }).paused);
    expect(paused).toHaveLength(1);
    expect(paused[0]?.summary).toContain('further ones are not recorded until the window passes');
  });
});
