/** The SAML sign-in on node-saml: the AuthnRequest sent, the response checked (CONTRACT §8). */
import type { Profile, SAML } from '@node-saml/node-saml';
import type { Deps } from '../context.ts';
import type { IdentityProviderRow } from '../db/schema-sso.ts';
import type { TenantRow } from '../db/system.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { type Asserted, SsoRefusal } from './admission.ts';
import { rememberAssertion } from './identity-repository.ts';
import { nodeSaml } from './node-saml.ts';
import type { Pending } from './oidc.ts';
import {
  assertedOf,
  assertionIdOf,
  CLOCK_SKEW_MS,
  expiryOf,
  recipientIs,
} from './saml-assertion.ts';
import { REQUEST_MINUTES, RequestCache } from './saml-requests.ts';
import { decryptionKeyOf, decryptionKeys, destinationOf } from './saml-response.ts';
import { currentKeys } from './saml-sp-metadata.ts';
import { openSecrets, samlSettings, ssoUrls } from './settings.ts';

/**
 * node-saml set up for one provider: Kindling's current keys and addresses, the provider's
 * certificates; `decryptionPvk` when another of Kindling's encryption keys opens the response.
 */
async function samlOf(
  deps: Deps,
  provider: IdentityProviderRow,
  cache: RequestCache,
  decryptionPvk?: string,
): Promise<SAML> {
  const { SAML, ValidateInResponseTo } = await nodeSaml();
  const settings = samlSettings(provider);
  const keys = currentKeys(provider, openSecrets(deps.config, provider));
  const urls = ssoUrls(deps.config);
  return new SAML({
    issuer: urls.samlMetadata(provider.id),
    audience: urls.samlMetadata(provider.id),
    callbackUrl: urls.samlAcs(provider.id),
    entryPoint: settings.sso_url,
    idpCert: settings.signing_certificates,
    privateKey: keys.signing.key,
    publicCert: keys.signing.certificate,
    decryptionPvk: decryptionPvk ?? keys.encryption.key,
    signatureAlgorithm: 'sha256',
    // Either the response or the assertion must be signed (node-saml refuses neither).
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    // The identity provider chooses the NameID and how the person authenticates (MFA included).
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_MINUTES * 60_000,
    cacheProvider: cache,
  });
}

/** The identity provider's address with a signed AuthnRequest (HTTP-Redirect), its ID kept. */
export async function startSaml(
  deps: Deps,
  tenant: TenantRow,
  provider: IdentityProviderRow,
  pending: Pending,
): Promise<string> {
  const cache = new RequestCache(deps, tenant.id, provider.id, pending);
  return (await samlOf(deps, provider, cache)).getAuthorizeUrlAsync('', undefined, {});
}

/**
 * Checks a response posted to the assertion consumer service: node-saml verifies the signature
 * (of the response or of its one assertion, decrypted first when encrypted), the audience, the
 * times with a small skew and that InResponseTo names a request this deployment issued; here the
 * issuer, the destination and the recipient are held to this provider and this address, the
 * request is used up, and the assertion's id is remembered until it expires so it is never
 * accepted twice. Answers who the person is and where they were going.
 */
export async function finishSaml(
  deps: Deps,
  tenant: TenantRow,
  provider: IdentityProviderRow,
  samlResponse: string,
  seen: { pending?: Pending | undefined } = {},
): Promise<{ asserted: Asserted; pending: Pending }> {
  const settings = samlSettings(provider);
  const acs = ssoUrls(deps.config).samlAcs(provider.id);
  const cache = new RequestCache(deps, tenant.id, provider.id, null);
  const decryptionPvk = await decryptionKeyOf(
    samlResponse,
    decryptionKeys(openSecrets(deps.config, provider)),
  );
  const { SamlStatusError } = await nodeSaml();
  let profile: Profile | null;
  try {
    const saml = await samlOf(deps, provider, cache, decryptionPvk);
    ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    // node-saml may have used the request up before the check that failed.
    seen.pending = cache.taken;
    if (error instanceof SamlStatusError) throw new SsoRefusal('PROVIDER_ERROR', error.message);
    throw new SsoRefusal('INVALID_RESPONSE', (error as Error).message);
  }
  const invalid = (reason: string) => new SsoRefusal('INVALID_RESPONSE', reason);
  if (!profile) throw invalid('no assertion');
  const pending =
    cache.taken ??
    (profile.inResponseTo ? await cache.take(String(profile.inResponseTo)) : undefined);
  if (!pending) throw invalid('the request was used already');
  seen.pending = pending;
  if (profile.issuer !== settings.entity_id) throw invalid(`issuer ${profile.issuer}`);
  const destination = destinationOf(samlResponse);
  if (destination !== null && destination !== acs) throw invalid(`destination ${destination}`);
  const assertion = profile.getAssertion?.()?.Assertion;
  if (!recipientIs(assertion, acs)) throw invalid('no bearer confirmation for this recipient');
  const assertionId = assertionIdOf(assertion);
  if (!assertionId) throw invalid('the assertion has no ID');
  const fresh = await inTenant(deps.database.db, tenant.id, (tx) =>
    rememberAssertion(tx, {
      tenantId: tenant.id,
      providerId: provider.id,
      assertionId,
      expiresAt: expiryOf(assertion, deps.now()),
    }),
  );
  if (!fresh) throw invalid(`assertion ${assertionId} was accepted before`);
  return { asserted: assertedOf(settings.entity_id, profile), pending };
}
