import type { IdentityProvider, IdentityProviderBody } from '@kindling/contract';

/**
 * What the provider form holds: both protocols' fields, as typed. The contract's body is made
 * from it (toRequestBody) and judged by the contract's schemas, so the form has no rules of its own.
 */
export interface ProviderFormValues {
  protocol: 'oidc' | 'saml';
  name: string;
  enabled: boolean;
  email_domains: string[];
  auto_approve: boolean;
  default_role_id: number;
  issuer: string;
  client_id: string;
  client_secret: string;
  scopes: string;
  metadata_source: 'xml' | 'url';
  metadata_xml: string;
  metadata_url: string;
}

export function emptyProvider(protocol: 'oidc' | 'saml'): ProviderFormValues {
  return {
    protocol,
    name: '',
    enabled: true,
    email_domains: [],
    auto_approve: false,
    default_role_id: 1,
    issuer: '',
    client_id: '',
    client_secret: '',
    scopes: 'openid email profile',
    metadata_source: 'xml',
    metadata_xml: '',
    metadata_url: '',
  };
}

/** A provider as the server shows it, as the form holds it: secrets and pasted metadata blank. */
export function providerToForm(provider: IdentityProvider): ProviderFormValues {
  const common = {
    ...emptyProvider(provider.protocol),
    name: provider.name,
    enabled: provider.enabled,
    email_domains: provider.email_domains,
    auto_approve: provider.auto_approve,
    default_role_id: provider.default_role_id,
  };
  if (provider.protocol === 'oidc') {
    return {
      ...common,
      issuer: provider.issuer,
      client_id: provider.client_id,
      scopes: provider.scopes,
    };
  }
  return provider.metadata_url
    ? { ...common, metadata_source: 'url', metadata_url: provider.metadata_url }
    : common;
}

/**
 * The request body: only the chosen protocol's fields, a blank secret or metadata left out (the
 * server keeps what it has when editing, and the contract asks for it when adding).
 */
export function toRequestBody(values: ProviderFormValues): IdentityProviderBody {
  const common = {
    name: values.name,
    enabled: values.enabled,
    email_domains: values.email_domains,
    auto_approve: values.auto_approve,
    default_role_id: values.default_role_id,
  };
  if (values.protocol === 'oidc') {
    return {
      protocol: 'oidc',
      ...common,
      issuer: values.issuer,
      client_id: values.client_id,
      scopes: values.scopes,
      ...(values.client_secret.trim() ? { client_secret: values.client_secret } : {}),
    } as IdentityProviderBody;
  }
  const metadata =
    values.metadata_source === 'url'
      ? values.metadata_url.trim() && { metadata_url: values.metadata_url }
      : values.metadata_xml.trim() && { metadata_xml: values.metadata_xml };
  return { protocol: 'saml', ...common, ...(metadata || {}) };
}

/** The form field a server detail belongs to (`email_domains.1` is the domains field). */
export function formFieldOf(field: string): keyof ProviderFormValues | undefined {
  const root = field.split('.')[0] ?? '';
  const known: readonly string[] = [
    'name',
    'enabled',
    'email_domains',
    'auto_approve',
    'default_role_id',
    'issuer',
    'client_id',
    'client_secret',
    'scopes',
    'metadata_xml',
    'metadata_url',
  ];
  return known.includes(root) ? (root as keyof ProviderFormValues) : undefined;
}

/** Domains as typed in one field: separated by commas, spaces or lines. */
export const parseDomains = (text: string) => text.split(/[\s,;]+/).filter(Boolean);
