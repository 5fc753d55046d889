/** The SAML tests' app and identity provider, and a sign-in's steps through both. */
import { expect } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { freshTenant } from '../../test/fixtures.ts';
import { type SamlAnswer, type SamlPerson, startSamlIdp } from '../../test/saml-idp.ts';
import { bindTenant } from '../db/tenant-scope.ts';

export const MAIL = 'urn:oid:0.9.2342.19200300.100.1.3';
export const GIVEN = 'urn:oid:2.5.4.42';
export const SURNAME = 'urn:oid:2.5.4.4';
export const EPPN = 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6';
export const PUBLIC = 'http://localhost:3000';

type Tenant = Awaited<ReturnType<typeof freshTenant>>;

/** Starts the app and the identity provider; `close` stops both. */
export async function samlWorld() {
  const t = await createTestApp();
  const idp = await startSamlIdp();

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

  return {
    t,
    idp,
    withProvider,
    start,
    post,
    signIn,
    mailOf,
    refusedWith,
    inTenantDb,
    sessionUser,
    async close() {
      await idp.close();
      await t.close();
    },
  };
}

export type SamlWorld = Awaited<ReturnType<typeof samlWorld>>;
