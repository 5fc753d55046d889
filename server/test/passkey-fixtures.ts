import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { SoftAuthenticator } from './authenticator.ts';
import { jsonInit } from './factories.ts';
import type { freshTenant } from './fixtures.ts';

export type Tenant = Awaited<ReturnType<typeof freshTenant>>;

/**
 * Calls made as a browser on the tenant's own host would make them: a passkey's relying party is
 * the tenant's host name, and the page's origin is `http://{domain}`.
 */
export function passkeyCalls(app: () => TestApp) {
  const call = (
    domain: string,
    method: string,
    path: string,
    body?: unknown,
    cookie?: string,
  ): Promise<Response> =>
    Promise.resolve(
      app().request(
        `http://${domain}/api/v1${path}`,
        body === undefined
          ? { method, headers: cookie ? { cookie } : {} }
          : jsonInit(method, body, cookie),
      ),
    );

  /** A member's passkey: options, the authenticator's attestation, and `POST /auth/passkeys`. */
  async function addPasskey(
    tenant: Tenant,
    cookie: string,
    authenticator = new SoftAuthenticator(`http://${tenant.domain}`),
    name = 'My laptop',
  ) {
    const options = await call(
      tenant.domain,
      'POST',
      '/auth/passkeys/registration-options',
      {},
      cookie,
    );
    expect(options.status, await options.clone().text()).toBe(200);
    const response = authenticator.create(
      (await options.json()) as PublicKeyCredentialCreationOptionsJSON,
    );
    const added = await call(tenant.domain, 'POST', '/auth/passkeys', { name, response }, cookie);
    expect(added.status, await added.clone().text()).toBe(201);
    return { authenticator, passkey: (await added.json()) as { id: number; name: string } };
  }

  /** The options of a passwordless sign-in at the tenant. */
  async function signInOptions(tenant: Tenant) {
    const res = await call(tenant.domain, 'POST', '/auth/passkeys/sign-in-options', {
      tenant_id: tenant.tenantId,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as PublicKeyCredentialRequestOptionsJSON;
  }

  const signInWith = (tenant: Tenant, response: unknown) =>
    call(tenant.domain, 'POST', '/auth/sign-in/passkey', { response, tenant_id: tenant.tenantId });

  return { call, addPasskey, signInOptions, signInWith };
}

export const cookieOf = (res: Response) => res.headers.get('set-cookie')?.split(';')[0] ?? '';
