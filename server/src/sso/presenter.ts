import type { IdentityProvider, SpCertificate } from '@kindling/contract';
import type { Config } from '../config.ts';
import type { IdentityProviderRow } from '../db/schema-sso.ts';
import { describeCertificate } from './saml-metadata.ts';
import { oidcSettings, type SamlSettings, samlSettings, ssoUrls } from './settings.ts';

/** A provider as administrators see it: settings and what was read, secrets never. */
export function presentProvider(config: Config, row: IdentityProviderRow): IdentityProvider {
  const common = {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    email_domains: row.emailDomains,
    auto_approve: row.autoApprove,
    default_role_id: row.defaultRoleId,
    updated_at: row.updatedAt.toISOString(),
  };
  const urls = ssoUrls(config);
  if (row.protocol === 'oidc') {
    const settings = oidcSettings(row);
    return {
      protocol: 'oidc',
      ...common,
      issuer: settings.issuer,
      client_id: settings.client_id,
      scopes: settings.scopes,
      has_client_secret: row.sealed !== null,
      redirect_uri: urls.oidcCallback,
      authorization_endpoint: settings.discovery.authorization_endpoint ?? '',
      token_endpoint: settings.discovery.token_endpoint ?? '',
    };
  }
  const settings = samlSettings(row);
  return {
    protocol: 'saml',
    ...common,
    metadata_url: settings.metadata_url,
    metadata_refreshed_at: row.refreshedAt?.toISOString() ?? null,
    entity_id: settings.entity_id,
    sso_url: settings.sso_url,
    signing_certificates: settings.signing_certificates.map(describeCertificate),
    sp_entity_id: urls.samlMetadata(row.id),
    sp_metadata_url: urls.samlMetadata(row.id),
    acs_url: urls.samlAcs(row.id),
    sp_certificates: describeSpCertificates(settings),
  };
}

/** Kindling's certificates for a SAML provider: current, then next, then previous. */
export function describeSpCertificates(settings: SamlSettings): SpCertificate[] {
  const stages = [
    ['current', settings.sp_certificates],
    ['next', settings.sp_next_certificates],
    ['previous', settings.sp_previous_certificates],
  ] as const;
  const uses = ['signing', 'encryption'] as const;
  return stages.flatMap(([role, certificates]) =>
    uses.flatMap((use) => {
      const pem = (certificates as Partial<Record<typeof use, string>> | undefined)?.[use];
      return pem === undefined ? [] : [{ ...describeCertificate(pem), role, use }];
    }),
  );
}
