import { randomBytes } from 'node:crypto';
import { status } from '@kindling/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories.ts';
import { accounts } from '../db/schema-auth.ts';
import { users } from '../db/schema-people.ts';
import { auditLog } from '../db/schema-records.ts';
import { ssoRequests, userIdentities } from '../db/schema-sso.ts';
import { EPPN, GIVEN, MAIL, PUBLIC, type SamlWorld, SURNAME, samlWorld } from './test-fixtures.ts';

describe('single sign-on through a SAML 2.0 identity provider', () => {
  let w: SamlWorld;

  beforeAll(async () => {
    w = await samlWorld();
  });
  afterAll(() => w.close());

  it("publishes Kindling's metadata: entity id, assertion consumer service, both certificates and the attributes asked for", async () => {
    const { providerId } = await w.withProvider();
    const answer = await w.t.request(`/api/v1/auth/sso/saml/${providerId}/metadata`);
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
    expect((await w.t.request('/api/v1/auth/sso/saml/999999/metadata')).status).toBe(404);
  });

  it('signs an active member in through a signed AuthnRequest, remembers them, goes where they asked, and refuses the same response again', async () => {
    const { tenant, providerId } = await w.withProvider();
    const member = await tenant.member({ email: `ada@${tenant.domain}` });
    const started = await w.start(tenant, providerId, '&remember_session=true&redirect=/ideas/7');
    const authn = new URL(started.location);
    expect(`${authn.origin}${authn.pathname}`).toBe(`${w.idp.origin}/sso`);
    expect(authn.searchParams.get('SigAlg')).toBe(
      'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    );
    expect(authn.searchParams.get('Signature')).toBeTruthy();
    const requests = await w.inTenantDb(tenant.tenantId, (tx) =>
      tx.select().from(ssoRequests).where(eq(ssoRequests.providerId, providerId)),
    );
    expect(requests).toEqual([expect.objectContaining({ redirect: '/ideas/7', remember: true })]);

    const form = await w.idp.signIn(
      started.location,
      w.mailOf(`Ada@${tenant.domain.toUpperCase()}`),
    );
    const fields = { SAMLResponse: form.SAMLResponse, RelayState: form.RelayState };
    const answer = await w.post(form.action, fields);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/ideas/7?tenant=${tenant.domain}`);
    expect(answer.cookie).toMatch(/HttpOnly/i);
    expect(answer.cookie).toMatch(/Max-Age=2592000/);
    expect((await w.sessionUser(answer.cookie))?.userId).toBe(member.id);

    const replay = await w.post(form.action, fields);
    expect(replay.location).toBe(w.refusedWith(tenant, 'INVALID_RESPONSE'));
    expect(replay.cookie).toBe('');
    const audit = await w.inTenantDb(tenant.tenantId, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.tenantId, tenant.tenantId)),
    );
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['sso.sign-in', 'sso.refused']),
    );
  });

  it("signs in through the provider's login page as a browser would, the form posted cross-site", async () => {
    const { tenant, providerId } = await w.withProvider();
    const member = await tenant.member({ email: `cy@${tenant.domain}` });
    const started = await w.start(tenant, providerId);
    const loginPage = await (await fetch(started.location)).text();
    const query = /name="query" value="([^"]*)"/.exec(loginPage)?.[1]?.replace(/&amp;/g, '&');
    const answer = await fetch(`${w.idp.origin}/login`, {
      method: 'POST',
      body: new URLSearchParams({ query: query ?? '', email: member.email }),
    });
    const html = await answer.text();
    const field = (name: string) =>
      new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';
    const action = new URL(/action="([^"]+)"/.exec(html)?.[1] ?? '');
    const result = await w.post(action, { SAMLResponse: field('SAMLResponse'), RelayState: '' });
    expect(result.location).toBe(`/dashboard?tenant=${tenant.domain}`);
    expect((await w.sessionUser(result.cookie))?.userId).toBe(member.id);
  });

  it('accepts a signed response with an unsigned assertion, and an encrypted assertion', async () => {
    const { tenant, providerId } = await w.withProvider();
    await tenant.member({ email: `bo@${tenant.domain}` });
    for (const answer of [{ sign: 'response' }, { encrypt: true }] as const) {
      const result = await w.signIn(tenant, providerId, w.mailOf(`bo@${tenant.domain}`), {
        answer,
      });
      expect(result.location, JSON.stringify(answer)).toBe(`/dashboard?tenant=${tenant.domain}`);
      expect(result.cookie).toMatch(/HttpOnly/i);
    }
  });

  it('reads friendly names, links eduPersonPrincipalName and finds the member by it after their e-mail changed', async () => {
    const { tenant, providerId } = await w.withProvider();
    const member = await tenant.member({ email: `grace@${tenant.domain}` });
    const eppn = `gh${randomBytes(3).toString('hex')}@${tenant.domain}`;
    const first = await w.signIn(tenant, providerId, {
      attributes: { mail: `grace@${tenant.domain}`, eduPersonPrincipalName: eppn },
    });
    expect(first.location).toBe(`/dashboard?tenant=${tenant.domain}`);
    const again = await w.signIn(
      tenant,
      providerId,
      w.mailOf(`grace.hopper@${tenant.domain}`, { [EPPN]: eppn }),
    );
    expect(again.location).toBe(`/dashboard?tenant=${tenant.domain}`);
    expect((await w.sessionUser(again.cookie))?.userId).toBe(member.id);
    const links = await w.inTenantDb(tenant.tenantId, (tx) =>
      tx.select().from(userIdentities).where(eq(userIdentities.tenantId, tenant.tenantId)),
    );
    expect(links).toEqual([
      expect.objectContaining({
        issuer: w.idp.entityId,
        subject: `eppn:${eppn}`,
        userId: member.id,
      }),
    ]);
  });

  it('takes an e-mail NameID when no mail is released, and a persistent NameID as the stable identifier', async () => {
    const { tenant, providerId } = await w.withProvider();
    const byNameId = await tenant.member({ email: `nia@${tenant.domain}` });
    const result = await w.signIn(tenant, providerId, {
      nameId: `nia@${tenant.domain}`,
      nameIdFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    });
    expect((await w.sessionUser(result.cookie))?.userId).toBe(byNameId.id);
    const persistent = await tenant.member({ email: `ren@${tenant.domain}` });
    const opaque = randomBytes(8).toString('hex');
    await w.signIn(tenant, providerId, {
      ...w.mailOf(`ren@${tenant.domain}`),
      nameId: opaque,
      nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
    });
    const [link] = await w.inTenantDb(tenant.tenantId, (tx) =>
      tx.select().from(userIdentities).where(eq(userIdentities.userId, persistent.id)),
    );
    expect(link?.subject).toBe(`persistent:${opaque}`);
  });

  it('claims an approved profile with no password, answers pending, declined and disabled records, queues or admits newcomers', async () => {
    const { tenant, providerId } = await w.withProvider({ default_role_id: 2 });
    const invited = await makeUser(w.t.db, tenant.tenantId, {
      email: `lin@${tenant.domain}`,
      adminStatusId: status.approved,
      userStatusId: status.pending,
    });
    const claimed = await w.signIn(tenant, providerId, w.mailOf(`lin@${tenant.domain}`));
    expect((await w.sessionUser(claimed.cookie))?.userId).toBe(invited.id);
    const [row] = await w.inTenantDb(tenant.tenantId, (tx) =>
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
      await makeUser(w.t.db, tenant.tenantId, { email, ...values });
      const result = await w.signIn(tenant, providerId, w.mailOf(email));
      expect(result.location, code).toBe(w.refusedWith(tenant, code));
      expect(result.cookie, code).toBe('');
    }

    const newcomer = `newcomer@${tenant.domain}`;
    const queued = await w.signIn(
      tenant,
      providerId,
      w.mailOf(newcomer, { [GIVEN]: 'Nia', [SURNAME]: 'Okafor' }),
    );
    expect(queued.location).toBe(w.refusedWith(tenant, 'NOT_APPROVED'));
    const [request] = await w.inTenantDb(tenant.tenantId, (tx) =>
      tx.select().from(users).where(eq(users.email, newcomer)),
    );
    expect(request).toMatchObject({
      firstName: 'Nia',
      lastName: 'Okafor',
      roleId: 2,
      adminStatusId: status.pending,
    });

    const open = await w.withProvider({ auto_approve: true, default_role_id: 2 });
    const admitted = await w.signIn(
      open.tenant,
      open.providerId,
      w.mailOf(`walk-in@${open.tenant.domain}`, { givenName: 'Ren' }),
    );
    expect(await w.sessionUser(admitted.cookie)).toMatchObject({
      name: expect.stringContaining('Ren'),
      roleId: 2,
    });
  });

  it('refuses no e-mail and an e-mail of a domain the provider does not serve', async () => {
    const { tenant, providerId } = await w.withProvider();
    for (const [person, code] of [
      [{ attributes: { [GIVEN]: 'Kim' } }, 'NO_EMAIL'],
      [w.mailOf(`admin@${tenant.domain}.evil.test`), 'DOMAIN_NOT_ALLOWED'],
      [w.mailOf('admin@other.test'), 'DOMAIN_NOT_ALLOWED'],
    ] as const) {
      const result = await w.signIn(tenant, providerId, person);
      expect(result.location, code).toBe(w.refusedWith(tenant, code));
      expect(result.cookie, code).toBe('');
    }
  });
});
