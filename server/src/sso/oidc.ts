import * as client from 'openid-client';
import { tokenHash } from '../auth/tokens.ts';
import type { Deps } from '../context.ts';
import type { IdentityProviderRow } from '../db/schema-sso.ts';
import type { TenantRow } from '../db/system.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { type Asserted, SsoRefusal } from './admission.ts';
import { insertRequest, takeRequest } from './identity-repository.ts';
import { configurationFor } from './oidc-client.ts';
import { oidcSettings, openSecrets, ssoUrls } from './settings.ts';

/** How long a sign-in may take at the provider before its request is forgotten. */
const REQUEST_MINUTES = 10;

export interface Pending {
  redirect: string;
  remember: boolean;
  /** The administrator's session of a test sign-in (set only by the start endpoint), else null. */
  testSessionId: number | null;
}

function configuration(deps: Deps, provider: IdentityProviderRow) {
  const settings = oidcSettings(provider);
  const secret = openSecrets(deps.config, provider).client_secret ?? '';
  return configurationFor(deps.config, settings.discovery, settings.client_id, secret, deps.now());
}

/**
 * The provider's authorization URL for a code flow with `state`, `nonce` and PKCE S256. The state
 * names the tenant and provider (so the callback knows where to look) and a random part whose HMAC
 * is the request's handle; the nonce and verifier wait in the database with it.
 */
export async function startOidc(
  deps: Deps,
  tenant: TenantRow,
  provider: IdentityProviderRow,
  pending: Pending,
): Promise<string> {
  const settings = oidcSettings(provider);
  const random = client.randomState();
  const state = `${tenant.id}.${provider.id}.${random}`;
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const now = deps.now();
  await inTenant(deps.database.db, tenant.id, (tx) =>
    insertRequest(tx, {
      tenantId: tenant.id,
      providerId: provider.id,
      handle: tokenHash(deps.config.secretKey, `oidc:${random}`),
      nonce,
      codeVerifier,
      redirect: pending.redirect,
      remember: pending.remember,
      testSessionId: pending.testSessionId,
      expiresAt: new Date(now.getTime() + REQUEST_MINUTES * 60_000),
    }),
  );
  const url = client.buildAuthorizationUrl(configuration(deps, provider), {
    redirect_uri: ssoUrls(deps.config).oidcCallback,
    scope: settings.scopes,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return url.href;
}

/** The tenant and provider a callback's state names; the rest of it is checked against the database. */
export function parseState(state: string | undefined) {
  const match = /^(\d{1,10})\.(\d{1,10})\.([A-Za-z0-9_-]{16,128})$/.exec(state ?? '');
  if (!match) return null;
  return { tenantId: Number(match[1]), providerId: Number(match[2]), random: match[3] as string };
}

/** The request the state belongs to, used up as it is read: a second callback with it finds nothing. */
export async function takeOidcRequest(
  deps: Deps,
  tenantId: number,
  providerId: number,
  random: string,
) {
  return inTenant(deps.database.db, tenantId, (tx) =>
    takeRequest(
      tx,
      tenantId,
      tokenHash(deps.config.secretKey, `oidc:${random}`),
      deps.now(),
      providerId,
    ),
  );
}

/** Errors of openid-client that mean the answer failed a check, not that the provider was away. */
const INVALID = /^OAUTH_(JWT|JWS|INVALID|RESPONSE_IS_NOT|UNEXPECTED|REQUEST_PROTOCOL)/;

/**
 * Exchanges the code (with the PKCE verifier) and validates the ID token: signature by the
 * provider's keys, issuer, audience, expiry and the nonce. The e-mail and names come from the ID
 * token, else from the userinfo endpoint, for the `sub` the ID token named.
 */
export async function finishOidc(
  deps: Deps,
  provider: IdentityProviderRow,
  request: { nonce: string | null; codeVerifier: string | null },
  callbackUrl: URL,
): Promise<Asserted> {
  const config = configuration(deps, provider);
  if (callbackUrl.searchParams.has('error')) {
    throw new SsoRefusal(
      'PROVIDER_ERROR',
      `the provider answered ${callbackUrl.searchParams.get('error')}`,
    );
  }
  try {
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      expectedState: callbackUrl.searchParams.get('state') ?? '',
      expectedNonce: request.nonce ?? '',
      pkceCodeVerifier: request.codeVerifier ?? '',
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new SsoRefusal('INVALID_RESPONSE', 'no ID token');
    let read: Record<string, unknown> = { ...claims };
    if (typeof claims.email !== 'string') {
      read = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), ...read };
    }
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: typeof read.email === 'string' ? read.email : null,
      emailVerified: read.email_verified !== false && read.email_verified !== 'false',
      givenName: typeof read.given_name === 'string' ? read.given_name : null,
      familyName: typeof read.family_name === 'string' ? read.family_name : null,
    };
  } catch (error) {
    if (error instanceof SsoRefusal) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (error instanceof client.ClientError && INVALID.test(code)) {
      throw new SsoRefusal('INVALID_RESPONSE', `${code}: ${(error as Error).message}`);
    }
    throw new SsoRefusal('PROVIDER_ERROR', (error as Error).message);
  }
}
