import type { Config } from '../config.ts';
import type { IdentityProviderRow } from '../db/schema-sso.ts';
import type { Discovery } from './oidc-client.ts';
import { createSealer, type Sealer } from './sealing.ts';
import type { KeyPair, ServiceProviderKeys } from './sp-keys.ts';

/** What an OIDC provider's `settings` column holds: nothing secret. */
export interface OidcSettings {
  issuer: string;
  client_id: string;
  scopes: string;
  discovery: Discovery;
}

/**
 * What a SAML provider's `settings` column holds: its metadata as read, and Kindling's
 * certificates: the current ones, the next ones while a key rollover is under way (published
 * beside the current), and the previous encryption certificate once the next became current
 * (its key still decrypts what an identity provider that has not read the metadata again sends).
 */
export interface SamlSettings {
  metadata_url: string | null;
  metadata_xml: string;
  entity_id: string;
  sso_url: string;
  signing_certificates: string[];
  sp_certificates: { signing: string; encryption: string };
  sp_next_certificates?: { signing: string; encryption: string };
  sp_previous_certificates?: { encryption: string };
}

/** What the sealed column holds once opened: the private keys beside the certificates above. */
export interface Secrets {
  client_secret?: string;
  sp?: ServiceProviderKeys;
  sp_next?: ServiceProviderKeys;
  sp_previous?: { encryption: KeyPair };
}

export const oidcSettings = (row: IdentityProviderRow) => row.settings as OidcSettings;
export const samlSettings = (row: IdentityProviderRow) => row.settings as SamlSettings;

const sealers = new WeakMap<Config, Sealer>();

/** The deployment's sealer, its key derived once from SECRET_KEY. */
function sealerOf(config: Config): Sealer {
  let sealer = sealers.get(config);
  if (!sealer) {
    sealer = createSealer([config.secretKey], 'kindling identity providers');
    sealers.set(config, sealer);
  }
  return sealer;
}

export function openSecrets(config: Config, row: IdentityProviderRow): Secrets {
  return row.sealed ? (JSON.parse(sealerOf(config).open(row.tenantId, row.sealed)) as Secrets) : {};
}

export function sealSecrets(config: Config, tenantId: number, secrets: Secrets): string {
  return sealerOf(config).seal(tenantId, JSON.stringify(secrets));
}

/** The addresses CONTRACT §8 gives Kindling's side of a federation, under PUBLIC_URL. */
export const ssoUrls = (config: Config) => ({
  oidcCallback: `${config.publicUrl}/api/v1/auth/sso/oidc/callback`,
  samlMetadata: (id: number) => `${config.publicUrl}/api/v1/auth/sso/saml/${id}/metadata`,
  samlAcs: (id: number) => `${config.publicUrl}/api/v1/auth/sso/saml/${id}/acs`,
});
