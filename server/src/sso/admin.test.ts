import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { identityProvidersAnswer, ssoMessages } from '@kindling/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callerOf, freshTenant } from '../../test/fixtures.ts';
import { startOidcProvider } from '../../test/oidc-provider.ts';
import { makeSamlIdp } from '../../test/saml-idp.ts';
import { auditLog } from '../db/schema-records.ts';
import { identityProviders } from '../db/schema-sso.ts';
import { bindTenant } from '../db/tenant-scope.ts';

describe('identity providers in the console', () => {
  let t: TestApp;
  let oidc: Awaited<ReturnType<typeof startOidcProvider>>;
  let saml: Awaited<ReturnType<typeof makeSamlIdp>>;
  let files: http.Server;
  let filesUrl: string;
  /** What the identity provider's metadata URL answers now: it changes when the IdP rotates. */
  let rotating = '';
  const call = callerOf(() => t);

  beforeAll(async () => {
    t = await createTestApp();
    oidc = await startOidcProvider('http://localhost:3000/api/v1/auth/sso/oidc/callback');
    saml = await makeSamlIdp('https://idp.test/shibboleth', 'https://idp.test/sso');
    files = http.createServer((request, response) => {
      if (request.url === '/idp.xml') response.end(saml.metadata);
      else if (request.url === '/rotating.xml') response.end(rotating);
      else if (request.url === '/page.html') response.end('<html><body>Hello</body></html>');
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await oidc.close();
    await new Promise((resolve) => files.close(resolve));
    await t.close();
  });

  const oidcBody = () => ({
    protocol: 'oidc',
    name: 'University Login',
    email_domains: ['uni.test'],
    issuer: oidc.issuer,
    client_id: oidc.clientId,
    client_secret: oidc.clientSecret,
  });

  const auditOf = async (tenantId: number) =>
    t.db.transaction(async (tx) => {
      await bindTenant(tx, tenantId);
      return tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.tenantId, tenantId)))
        .orderBy(desc(auditLog.id));
    });

  it('adds an OIDC provider from its discovery, shows it back without the secret, and audits it', async () => {
    const tenant = await freshTenant(t);
    const created = await tenant.admin.call('POST', '/admin/identity-providers', oidcBody());
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const list = identityProvidersAnswer.parse(
      await (await tenant.admin.call('GET', '/admin/identity-providers')).json(),
    );
    expect(list.identity_providers).toEqual([
      expect.objectContaining({
        id,
        protocol: 'oidc',
        issuer: oidc.issuer,
        has_client_secret: true,
        redirect_uri: 'http://localhost:3000/api/v1/auth/sso/oidc/callback',
        authorization_endpoint: `${oidc.issuer}/auth`,
        enabled: true,
        auto_approve: false,
        default_role_id: 1,
      }),
    ]);
    expect(JSON.stringify(list)).not.toContain(oidc.clientSecret);
    const [row] = await t.db.transaction(async (tx) => {
      await bindTenant(tx, tenant.tenantId);
      return tx.select().from(identityProviders).where(eq(identityProviders.id, id));
    });
    expect(row?.sealed).toMatch(/^k1\./);
    expect(JSON.stringify(row)).not.toContain(oidc.clientSecret);
    const [entry] = await auditOf(tenant.tenantId);
    expect(entry).toMatchObject({ action: 'identity-provider.create', targetId: id });
  });

  it('keeps a secret left out of a change, and audits which fields changed', async () => {
    const tenant = await freshTenant(t);
    const { id } = (await (
      await tenant.admin.call('POST', '/admin/identity-providers', oidcBody())
    ).json()) as { id: number };
    const sealedOf = async () =>
      t.db.transaction(async (tx) => {
        await bindTenant(tx, tenant.tenantId);
        const [row] = await tx.select().from(identityProviders).where(eq(identityProviders.id, id));
        return row?.sealed;
      });
    const before = await sealedOf();
    const { client_secret: _, ...withoutSecret } = oidcBody();
    const changed = await tenant.admin.call('PUT', `/admin/identity-providers/${id}`, {
      ...withoutSecret,
      name: 'Campus Login',
      auto_approve: true,
      default_role_id: 2,
    });
    expect(changed.status).toBe(200);
    expect(await sealedOf()).toBe(before);
    const [entry] = await auditOf(tenant.tenantId);
    expect(entry).toMatchObject({
      action: 'identity-provider.update',
      detail: { fields: ['name', 'auto_approve', 'default_role_id'] },
    });
    await tenant.admin.call('PUT', `/admin/identity-providers/${id}`, {
      ...oidcBody(),
      name: 'Campus Login',
      client_secret: 'a-new-secret',
    });
    expect(await sealedOf()).not.toBe(before);
    expect((await auditOf(tenant.tenantId))[0]?.detail).toEqual({
      fields: ['auto_approve', 'default_role_id', 'secret'],
    });
  });

  it('answers 400 on the issuer when its discovery cannot be read', async () => {
    const tenant = await freshTenant(t);
    const answer = await tenant.admin.call('POST', '/admin/identity-providers', {
      ...oidcBody(),
      issuer: `${filesUrl}/nothing`,
    });
    expect(answer.status).toBe(400);
    expect((await answer.json()).details).toEqual([
      { field: 'issuer', error: ssoMessages.issuerUnreadable },
    ]);
  });

  it('adds a SAML provider from pasted metadata or its URL, with Kindling certificates of its own', async () => {
    const tenant = await freshTenant(t);
    const body = { protocol: 'saml', name: 'Shibboleth', email_domains: ['uni.test'] };
    const pasted = await tenant.admin.call('POST', '/admin/identity-providers', {
      ...body,
      metadata_xml: saml.metadata,
    });
    expect(pasted.status).toBe(201);
    const fetched = await tenant.admin.call('POST', '/admin/identity-providers', {
      ...body,
      name: 'Shibboleth by URL',
      metadata_url: `${filesUrl}/idp.xml`,
    });
    expect(fetched.status).toBe(201);
    const { id } = (await fetched.json()) as { id: number };
    const list = identityProvidersAnswer.parse(
      await (await tenant.admin.call('GET', '/admin/identity-providers')).json(),
    );
    const provider = list.identity_providers.find((p) => p.id === id);
    expect(provider).toMatchObject({
      protocol: 'saml',
      entity_id: 'https://idp.test/shibboleth',
      sso_url: 'https://idp.test/sso',
      metadata_url: `${filesUrl}/idp.xml`,
      sp_entity_id: `http://localhost:3000/api/v1/auth/sso/saml/${id}/metadata`,
      acs_url: `http://localhost:3000/api/v1/auth/sso/saml/${id}/acs`,
    });
    expect(provider?.protocol === 'saml' && provider.signing_certificates).toHaveLength(1);
    expect(provider?.protocol === 'saml' && provider.sp_certificates).toHaveLength(2);
    expect(JSON.stringify(list)).not.toContain('PRIVATE KEY');
  });

  it("answers 400 on the metadata field when it is not an identity provider's", async () => {
    const tenant = await freshTenant(t);
    const body = { protocol: 'saml', name: 'Shibboleth', email_domains: ['uni.test'] };
    const spMetadata = saml.metadata.replace(/IDPSSODescriptor/g, 'SPSSODescriptor');
    for (const [field, value, error] of [
      ['metadata_xml', spMetadata, ssoMessages.notIdpMetadata],
      ['metadata_xml', 'not xml at all <', ssoMessages.notIdpMetadata],
      ['metadata_url', `${filesUrl}/page.html`, ssoMessages.notIdpMetadata],
      ['metadata_url', `${filesUrl}/missing.xml`, ssoMessages.metadataUnreadable],
    ] as const) {
      const answer = await tenant.admin.call('POST', '/admin/identity-providers', {
        ...body,
        [field]: value,
      });
      expect(answer.status, value).toBe(400);
      expect((await answer.json()).details, value).toEqual([{ field, error }]);
    }
  });

  it('reads metadata given by URL again once a day, takes a rotated certificate, and keeps the old one when the new cannot be read', async () => {
    const tenant = await freshTenant(t);
    rotating = saml.metadata;
    const created = await tenant.admin.call('POST', '/admin/identity-providers', {
      protocol: 'saml',
      name: 'Rotating IdP',
      email_domains: ['uni.test'],
      metadata_url: `${filesUrl}/rotating.xml`,
    });
    const { id } = (await created.json()) as { id: number };
    const shown = async () => {
      const list = identityProvidersAnswer.parse(
        await (await tenant.admin.call('GET', '/admin/identity-providers')).json(),
      );
      const provider = list.identity_providers.find((p) => p.id === id);
      if (provider?.protocol !== 'saml') throw new Error('no SAML provider');
      return provider;
    };
    const first = await shown();
    expect(first.metadata_refreshed_at).not.toBeNull();
    expect(await t.refresher.refresh()).toBe(0);

    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    const age = () =>
      t.db.transaction(async (tx) => {
        await bindTenant(tx, tenant.tenantId);
        await tx
          .update(identityProviders)
          .set({ refreshedAt: dayAgo })
          .where(eq(identityProviders.id, id));
      });
    await age();
    const rotated = await makeSamlIdp('https://idp.test/shibboleth', 'https://idp.test/sso-2');
    rotating = rotated.metadata;
    expect(await t.refresher.refresh()).toBe(1);
    const after = await shown();
    expect(after.sso_url).toBe('https://idp.test/sso-2');
    expect(after.signing_certificates[0]?.fingerprint_sha256).not.toBe(
      first.signing_certificates[0]?.fingerprint_sha256,
    );
    expect(Date.parse(after.metadata_refreshed_at ?? '')).toBeGreaterThan(dayAgo.getTime());
    const [entry] = await auditOf(tenant.tenantId);
    expect(entry).toMatchObject({
      action: 'identity-provider.refresh',
      actorId: null,
      detail: { fields: ['sso_url', 'signing_certificates'] },
    });

    await age();
    for (const broken of [
      '<html>down for maintenance</html>',
      (await makeSamlIdp('https://impostor.test/idp', 'https://idp.test/sso')).metadata,
    ]) {
      rotating = broken;
      expect(await t.refresher.refresh()).toBe(0);
      const kept = await shown();
      expect(kept.sso_url).toBe('https://idp.test/sso-2');
      expect(kept.metadata_refreshed_at).toBe(dayAgo.toISOString());
    }
  });

  it('answers 400 for a role the tenant does not have and a change of protocol', async () => {
    const tenant = await freshTenant(t);
    const wrongRole = await tenant.admin.call('POST', '/admin/identity-providers', {
      ...oidcBody(),
      default_role_id: 99,
    });
    expect((await wrongRole.json()).details).toEqual([
      { field: 'default_role_id', error: ssoMessages.role },
    ]);
    const { id } = (await (
      await tenant.admin.call('POST', '/admin/identity-providers', oidcBody())
    ).json()) as { id: number };
    const toSaml = await tenant.admin.call('PUT', `/admin/identity-providers/${id}`, {
      protocol: 'saml',
      name: 'X',
      email_domains: ['uni.test'],
    });
    expect(toSaml.status).toBe(400);
    expect((await toSaml.json()).details).toEqual([
      { field: 'protocol', error: ssoMessages.protocolFixed },
    ]);
  });

  it("lists the enabled providers publicly, and no tenant reaches another's", async () => {
    const alpha = await freshTenant(t, 'Alpha University');
    const beta = await freshTenant(t, 'Beta Institute');
    const { id } = (await (
      await alpha.admin.call('POST', '/admin/identity-providers', oidcBody())
    ).json()) as { id: number };
    await alpha.admin.call('POST', '/admin/identity-providers', {
      ...oidcBody(),
      name: 'Old Login',
      enabled: false,
    });
    const listed = await call('GET', `/auth/providers?tenant_id=${alpha.tenantId}`, null);
    expect(await listed.json()).toEqual({
      providers: [{ id, name: 'University Login', protocol: 'oidc', email_domains: ['uni.test'] }],
    });
    expect(
      await (await call('GET', `/auth/providers?tenant_id=${beta.tenantId}`, null)).json(),
    ).toEqual({
      providers: [],
    });
    expect(await (await beta.admin.call('GET', '/admin/identity-providers')).json()).toEqual({
      identity_providers: [],
      oidc_redirect_uri: 'http://localhost:3000/api/v1/auth/sso/oidc/callback',
    });
    const put = await beta.admin.call('PUT', `/admin/identity-providers/${id}`, oidcBody());
    expect(put.status).toBe(404);
    expect((await beta.admin.call('DELETE', `/admin/identity-providers/${id}`)).status).toBe(404);
    expect((await alpha.admin.call('DELETE', `/admin/identity-providers/${id}`)).status).toBe(200);
    expect((await auditOf(alpha.tenantId))[0]).toMatchObject({
      action: 'identity-provider.delete',
      targetId: id,
    });
  });

  it('is 403 for members and 401 without a session', async () => {
    const tenant = await freshTenant(t);
    const member = await tenant.member();
    expect((await member.client.call('GET', '/admin/identity-providers')).status).toBe(403);
    expect((await member.client.call('POST', '/admin/identity-providers', oidcBody())).status).toBe(
      403,
    );
    expect((await call('GET', '/admin/identity-providers', null)).status).toBe(401);
  });
});
