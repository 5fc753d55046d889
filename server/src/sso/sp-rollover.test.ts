import { identityProvidersAnswer, spKeysAnswer, ssoMessages } from '@kindling/contract';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callerOf, freshTenant } from '../../test/fixtures.ts';
import { type SamlAnswer, startSamlIdp } from '../../test/saml-idp.ts';
import { auditLog } from '../db/schema-records.ts';
import { identityProviders } from '../db/schema-sso.ts';
import { bindTenant } from '../db/tenant-scope.ts';

const MAIL = 'urn:oid:0.9.2342.19200300.100.1.3';

describe("the rollover of Kindling's SAML keys", () => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof startSamlIdp>>;
  const call = callerOf(() => t);

  beforeAll(async () => {
    t = await createTestApp();
    idp = await startSamlIdp();
  });
  afterAll(async () => {
    await idp.close();
    await t.close();
  });

  type Tenant = Awaited<ReturnType<typeof freshTenant>>;

  async function withProvider(tenant: Tenant) {
    const answer = await tenant.admin.call('POST', '/admin/identity-providers', {
      protocol: 'saml',
      name: 'Campus Shibboleth',
      email_domains: [tenant.domain],
      metadata_url: idp.metadataUrl,
    });
    expect(answer.status).toBe(201);
    return ((await answer.json()) as { id: number }).id;
  }

  const metadataOf = async (id: number) =>
    (await t.request(`/api/v1/auth/sso/saml/${id}/metadata`)).text();

  /** The base64 certificates of one use the metadata publishes, in its order. */
  const published = (xml: string, use: 'signing' | 'encryption') =>
    [
      ...xml.matchAll(
        new RegExp(
          `<KeyDescriptor use="${use}">[\\s\\S]*?<ds:X509Certificate>([^<]+)</ds:X509Certificate>`,
          'g',
        ),
      ),
    ].map((m) => m[1]?.replace(/\s/g, ''));

  /** Start, the identity provider's answer, and its form posted to the app: where it lands. */
  async function signIn(tenant: Tenant, id: number, email: string, answer: SamlAnswer = {}) {
    const started = await t.request(`/api/v1/auth/sso/${id}/start?tenant_id=${tenant.tenantId}`);
    const form = await idp.signIn(
      started.headers.get('location') ?? '',
      { attributes: { [MAIL]: email } },
      answer,
    );
    const posted = await idp.post(t, form.action, {
      SAMLResponse: form.SAMLResponse,
      RelayState: form.RelayState,
    });
    return posted.headers.get('location');
  }

  const roles = (answer: { sp_certificates: { role: string; use: string }[] }) =>
    answer.sp_certificates.map((c) => `${c.role} ${c.use}`);
  const fingerprints = (
    answer: { sp_certificates: { role: string; use: string; fingerprint_sha256: string }[] },
    role: string,
  ) => answer.sp_certificates.filter((c) => c.role === role).map((c) => c.fingerprint_sha256);

  it('publishes the next keys beside the current ones, decrypts with either, switches signing, and decrypts with the previous key until it is retired; sign-in works at every stage', async () => {
    const tenant = await freshTenant(t);
    const id = await withProvider(tenant);
    const member = await tenant.member({ email: `ada@${tenant.domain}` });
    const home = `/dashboard?tenant=${tenant.domain}`;
    const refused = `/signin?tenant=${encodeURIComponent(tenant.domain)}&sso_error=INVALID_RESPONSE`;
    const first = await metadataOf(id);
    idp.trust(first);
    expect(await signIn(tenant, id, member.email, { encrypt: true })).toBe(home);

    const keysPath = `/admin/identity-providers/${id}/sp-keys`;
    const prepared = await tenant.admin.call('POST', keysPath);
    expect(prepared.status).toBe(201);
    const afterPrepare = spKeysAnswer.parse(await prepared.json());
    expect(roles(afterPrepare)).toEqual([
      'current signing',
      'current encryption',
      'next signing',
      'next encryption',
    ]);
    const listed = identityProvidersAnswer.parse(
      await (await tenant.admin.call('GET', '/admin/identity-providers')).json(),
    ).identity_providers[0];
    expect(listed?.protocol === 'saml' && listed.sp_certificates).toEqual(
      afterPrepare.sp_certificates,
    );
    const second = await metadataOf(id);
    expect(published(second, 'signing')).toHaveLength(2);
    expect(published(second, 'encryption')).toHaveLength(2);
    expect(published(second, 'signing')[0]).toBe(published(first, 'signing')[0]);
    expect(published(second, 'encryption')[0]).toBe(published(first, 'encryption')[0]);
    expect(second).not.toContain('PRIVATE KEY');

    // An identity provider that has not read the metadata again: still signed with the current key.
    expect(await signIn(tenant, id, member.email, { encrypt: true })).toBe(home);
    // One that has, encrypting to the next certificate or the current one.
    idp.trust(second);
    for (const encryptTo of ['last', 'first'] as const) {
      expect(await signIn(tenant, id, member.email, { encrypt: true, encryptTo }), encryptTo).toBe(
        home,
      );
    }

    const activated = await tenant.admin.call('POST', `${keysPath}/activate`);
    expect(activated.status).toBe(200);
    const afterActivate = spKeysAnswer.parse(await activated.json());
    expect(roles(afterActivate)).toEqual([
      'current signing',
      'current encryption',
      'previous encryption',
    ]);
    expect(fingerprints(afterActivate, 'current')).toEqual(fingerprints(afterPrepare, 'next'));
    expect(fingerprints(afterActivate, 'previous')).toEqual(
      fingerprints(afterPrepare, 'current').slice(1),
    );
    const third = await metadataOf(id);
    expect(published(third, 'signing')).toEqual([published(second, 'signing')[1]]);
    expect(published(third, 'encryption')).toEqual([published(second, 'encryption')[1]]);

    // Signed with the new key now, which the provider trusted since the second metadata; it still
    // encrypts to the old certificate, which the previous key opens.
    expect(await signIn(tenant, id, member.email, { encrypt: true, encryptTo: 'first' })).toBe(
      home,
    );
    idp.trust(first);
    await expect(signIn(tenant, id, member.email)).rejects.toThrow(/answered 400/);
    idp.trust(third);
    expect(await signIn(tenant, id, member.email, { encrypt: true })).toBe(home);

    const retired = await tenant.admin.call('DELETE', `${keysPath}/previous`);
    expect(retired.status).toBe(200);
    const afterRetire = spKeysAnswer.parse(await retired.json());
    expect(roles(afterRetire)).toEqual(['current signing', 'current encryption']);
    expect(await signIn(tenant, id, member.email, { encrypt: true })).toBe(home);
    idp.trust(second);
    expect(await signIn(tenant, id, member.email, { encrypt: true, encryptTo: 'first' })).toBe(
      refused,
    );

    const audit = await t.db.transaction(async (tx) => {
      await bindTenant(tx, tenant.tenantId);
      return tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.tenantId, tenant.tenantId), like(auditLog.action, '%.keys-%')))
        .orderBy(desc(auditLog.id));
    });
    expect(audit.map((entry) => [entry.action, entry.actorId, entry.targetId])).toEqual([
      ['identity-provider.keys-retire', tenant.adminUserId, id],
      ['identity-provider.keys-activate', tenant.adminUserId, id],
      ['identity-provider.keys-prepare', tenant.adminUserId, id],
    ]);
  });

  it('answers 400 out of order and for an OpenID Connect provider, and keeps the keys through a change of the provider', async () => {
    const tenant = await freshTenant(t);
    const id = await withProvider(tenant);
    const keysPath = `/admin/identity-providers/${id}/sp-keys`;
    const refusedWith = async (answer: Response, message: string) => {
      expect(answer.status, message).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toBe(message);
    };
    await refusedWith(
      await tenant.admin.call('POST', `${keysPath}/activate`),
      ssoMessages.spKeysNoNext,
    );
    await refusedWith(
      await tenant.admin.call('DELETE', `${keysPath}/previous`),
      ssoMessages.spKeysNoPrevious,
    );
    expect((await tenant.admin.call('POST', keysPath)).status).toBe(201);
    await refusedWith(await tenant.admin.call('POST', keysPath), ssoMessages.spKeysPrepared);

    const changed = await tenant.admin.call('PUT', `/admin/identity-providers/${id}`, {
      protocol: 'saml',
      name: 'Campus IdP',
      email_domains: [tenant.domain],
    });
    expect(changed.status).toBe(200);
    const [shown] = identityProvidersAnswer.parse(
      await (await tenant.admin.call('GET', '/admin/identity-providers')).json(),
    ).identity_providers;
    expect(shown?.protocol === 'saml' && shown.sp_certificates.map((c) => c.role)).toEqual([
      'current',
      'current',
      'next',
      'next',
    ]);

    expect((await tenant.admin.call('POST', `${keysPath}/activate`)).status).toBe(200);
    await refusedWith(await tenant.admin.call('POST', keysPath), ssoMessages.spKeysRetireFirst);

    const [oidc] = await t.db.transaction(async (tx) => {
      await bindTenant(tx, tenant.tenantId);
      return tx
        .insert(identityProviders)
        .values({
          tenantId: tenant.tenantId,
          protocol: 'oidc',
          name: 'University Login',
          emailDomains: [tenant.domain],
          settings: {},
        })
        .returning({ id: identityProviders.id });
    });
    for (const [method, path] of [
      ['POST', ''],
      ['POST', '/activate'],
      ['DELETE', '/previous'],
    ] as const) {
      await refusedWith(
        await tenant.admin.call(method, `/admin/identity-providers/${oidc?.id}/sp-keys${path}`),
        ssoMessages.spKeysNotSaml,
      );
    }
  });

  it("is 403 for members, 401 without a session and 404 for another tenant's provider", async () => {
    const alpha = await freshTenant(t, 'Alpha University');
    const beta = await freshTenant(t, 'Beta Institute');
    const id = await withProvider(alpha);
    const member = await alpha.member();
    const calls = [
      ['POST', `/admin/identity-providers/${id}/sp-keys`],
      ['POST', `/admin/identity-providers/${id}/sp-keys/activate`],
      ['DELETE', `/admin/identity-providers/${id}/sp-keys/previous`],
    ] as const;
    for (const [method, path] of calls) {
      expect((await member.client.call(method, path)).status, path).toBe(403);
      expect((await call(method, path, null)).status, path).toBe(401);
      expect((await beta.admin.call(method, path)).status, path).toBe(404);
    }
    expect(
      (await alpha.admin.call('POST', '/admin/identity-providers/999999/sp-keys')).status,
    ).toBe(404);
    const [shown] = identityProvidersAnswer.parse(
      await (await alpha.admin.call('GET', '/admin/identity-providers')).json(),
    ).identity_providers;
    expect(shown?.protocol === 'saml' && shown.sp_certificates.map((c) => c.role)).toEqual([
      'current',
      'current',
    ]);
  });
});
