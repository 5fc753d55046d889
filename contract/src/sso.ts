import { z } from 'zod';
import { tenantIdParam } from './query.ts';

/**
 * Institutional single sign-on (CONTRACT §8): the administration calls on a tenant's identity
 * providers, the public list of them, the start of a sign-in and the codes a failed one comes back
 * to the sign-in screen with.
 */
export const ssoProtocols = ['oidc', 'saml'] as const;
export type SsoProtocol = (typeof ssoProtocols)[number];

export const ssoMessages = {
  protocol: 'protocol must be oidc or saml.',
  name: 'Name is required.',
  nameLong: 'Name must be at most 100 characters.',
  domains: 'Give at least one e-mail domain.',
  domain: 'Each e-mail domain must be a domain name such as university.edu.',
  issuer: 'Issuer must be an http or https URL.',
  issuerUnreadable: "The issuer's discovery document could not be read.",
  clientId: 'Client ID is required.',
  clientSecret: 'Client secret is required.',
  scopes: 'Scopes must include openid.',
  metadataMissing: 'Give the metadata as metadata_xml or metadata_url.',
  metadataBoth: 'Give metadata_xml or metadata_url, not both.',
  metadataUrl: 'Metadata URL must be an http or https URL.',
  notIdpMetadata: "This is not a SAML identity provider's metadata.",
  metadataUnreadable: 'The metadata could not be read from this URL.',
  role: 'Default role must be one of the roles of this university.',
  protocolFixed: 'The protocol of a provider cannot change.',
  redirect: 'redirect must be a path of the app, such as /dashboard.',
  unsafeUrl: 'This address must use https and must not be a private or local network address.',
  signsInThrough: (provider: string) => `This account signs in through ${provider}.`,
  spKeysNotSaml:
    "Only a SAML provider has Kindling's keys: an OpenID Connect provider has none to rotate.",
  spKeysPrepared: 'New keys are already prepared: start using them, then retire the old ones.',
  spKeysRetireFirst: 'Retire the old keys before preparing new ones.',
  spKeysNoNext: 'Prepare new keys before starting to use them.',
  spKeysNoPrevious: 'There are no old keys to retire.',
} as const;

const text = (max: number, required: string, long: string) =>
  z.string({ error: required }).trim().min(1, { message: required }).max(max, { message: long });

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

const emailDomains = z
  .array(
    z
      .string({ error: ssoMessages.domain })
      .trim()
      .toLowerCase()
      .regex(DOMAIN, { message: ssoMessages.domain }),
    { error: ssoMessages.domains },
  )
  .min(1, { message: ssoMessages.domains })
  .max(50, { message: 'At most 50 e-mail domains.' })
  .transform((domains) => [...new Set(domains)]);

const httpUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(2000, { message })
    .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), { message });

const common = {
  name: text(100, ssoMessages.name, ssoMessages.nameLong),
  enabled: z.boolean({ error: 'enabled must be true or false.' }).default(true),
  email_domains: emailDomains,
  auto_approve: z.boolean({ error: 'auto_approve must be true or false.' }).default(false),
  default_role_id: z
    .number({ error: ssoMessages.role })
    .int({ message: ssoMessages.role })
    .min(1, { message: ssoMessages.role })
    .max(32767, { message: ssoMessages.role })
    .default(1),
};

const scopes = z
  .string({ error: ssoMessages.scopes })
  .trim()
  .max(500, { message: 'Scopes must be at most 500 characters.' })
  .refine((value) => value.split(/\s+/).includes('openid'), { message: ssoMessages.scopes })
  .default('openid email profile');

const oidcFields = {
  protocol: z.literal('oidc'),
  ...common,
  issuer: httpUrl(ssoMessages.issuer),
  client_id: text(255, ssoMessages.clientId, 'Client ID must be at most 255 characters.'),
  client_secret: text(1000, ssoMessages.clientSecret, 'Client secret is too long.'),
  scopes,
};

const samlFields = {
  protocol: z.literal('saml'),
  ...common,
  metadata_xml: z
    .string({ error: ssoMessages.notIdpMetadata })
    .trim()
    .min(1, { message: ssoMessages.notIdpMetadata })
    .max(512 * 1024, { message: 'Metadata must be at most 512 KiB.' })
    .optional(),
  metadata_url: httpUrl(ssoMessages.metadataUrl).optional(),
};

const oneMetadata = (
  body: { metadata_xml?: string | undefined; metadata_url?: string | undefined },
  ctx: z.RefinementCtx,
  required: boolean,
) => {
  if (body.metadata_xml !== undefined && body.metadata_url !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['metadata_xml'], message: ssoMessages.metadataBoth });
  } else if (required && body.metadata_xml === undefined && body.metadata_url === undefined) {
    ctx.addIssue({ code: 'custom', path: ['metadata_xml'], message: ssoMessages.metadataMissing });
  }
};

const protocolError = { error: ssoMessages.protocol };

/** POST /admin/identity-providers. */
export const identityProviderBody = z.discriminatedUnion(
  'protocol',
  [
    z.object(oidcFields),
    z.object(samlFields).superRefine((body, ctx) => oneMetadata(body, ctx, true)),
  ],
  protocolError,
);

/** PUT /admin/identity-providers/{id}: the same fields; a secret or metadata left out is kept. */
export const identityProviderUpdateBody = z.discriminatedUnion(
  'protocol',
  [
    z.object({ ...oidcFields, client_secret: oidcFields.client_secret.optional() }),
    z.object(samlFields).superRefine((body, ctx) => oneMetadata(body, ctx, false)),
  ],
  protocolError,
);

const certificate = z.object({
  subject: z.string(),
  not_after: z.string(),
  fingerprint_sha256: z.string(),
});

/**
 * The stages of one of Kindling's SAML certificates in a key rollover: `current` signs and
 * decrypts; `next` is published beside it and decrypts, waiting to become current; `previous`
 * only decrypts, for identity providers that have not read the metadata again, until retired.
 */
export const spCertificateRoles = ['current', 'next', 'previous'] as const;

const spCertificate = certificate.extend({
  role: z.enum(spCertificateRoles),
  use: z.enum(['signing', 'encryption']),
});

/** POST /admin/identity-providers/{id}/sp-keys and the calls after it: the certificates now. */
export const spKeysAnswer = z.object({
  message: z.string(),
  sp_certificates: z.array(spCertificate),
});

const providerCommon = {
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  email_domains: z.array(z.string()),
  auto_approve: z.boolean(),
  default_role_id: z.number().int(),
  updated_at: z.string(),
};

/** One provider as administrators see it: its settings and what was read, never a secret. */
export const identityProvider = z.discriminatedUnion('protocol', [
  z.object({
    protocol: z.literal('oidc'),
    ...providerCommon,
    issuer: z.string(),
    client_id: z.string(),
    scopes: z.string(),
    has_client_secret: z.boolean(),
    /** What to register at the provider. */
    redirect_uri: z.string(),
    authorization_endpoint: z.string(),
    token_endpoint: z.string(),
  }),
  z.object({
    protocol: z.literal('saml'),
    ...providerCommon,
    metadata_url: z.string().nullable(),
    metadata_refreshed_at: z.string().nullable(),
    entity_id: z.string(),
    sso_url: z.string(),
    signing_certificates: z.array(certificate),
    /** What to send the university's IT office. */
    sp_entity_id: z.string(),
    sp_metadata_url: z.string(),
    acs_url: z.string(),
    /** Kindling's own certificates, current first, each with its role in a key rollover. */
    sp_certificates: z.array(spCertificate),
  }),
]);

export const identityProvidersAnswer = z.object({
  identity_providers: z.array(identityProvider),
  /** Kindling's OIDC redirect URI, one for every provider: to register before adding the first. */
  oidc_redirect_uri: z.string(),
});

/** GET /auth/providers: the enabled providers of a tenant, for the sign-in screen. */
export const publicProvidersAnswer = z.object({
  providers: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      protocol: z.enum(ssoProtocols),
      email_domains: z.array(z.string()),
    }),
  ),
});

/** A path of the app: one leading slash, no scheme, no host (`//host` or `/\host` would leave it). */
export const appPath = z
  .string({ error: ssoMessages.redirect })
  .max(2000, { message: ssoMessages.redirect })
  .refine((value) => /^\/(?![/\\])[^\s\\]*$/.test(value), { message: ssoMessages.redirect });

/** GET /auth/sso/{id}/start. */
export const ssoStartQuery = z.object({
  tenant_id: tenantIdParam,
  remember_session: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  /** Where to go once signed in; `/dashboard` when not given. */
  redirect: appPath.optional(),
  /**
   * An administrator's test sign-in: the provider's answer is shown on the console's provider page
   * and nobody is signed in or changed. Only an administrator of the tenant may set it (else 403).
   */
  test: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** The `sso_error` a failed sign-in brings back to `/signin`. */
export const ssoErrorCodes = [
  'NOT_APPROVED',
  'DECLINED',
  'DISABLED',
  'DOMAIN_NOT_ALLOWED',
  'NO_EMAIL',
  'EMAIL_NOT_VERIFIED',
  'INVALID_RESPONSE',
  'PROVIDER_ERROR',
] as const;
export type SsoErrorCode = (typeof ssoErrorCodes)[number];

/** What the matching rules would do with the person a test sign-in brought back. */
export const ssoTestOutcomes = ['sign_in', 'claim', 'admit', 'queue', 'refuse'] as const;

/** GET /admin/identity-providers/{id}/test-result: the last test sign-in of this session, for a few minutes. */
export const ssoTestResultAnswer = z.object({
  result: z
    .object({
      tested_at: z.string(),
      /** What the provider said, as read; null when its answer was refused before it was read. */
      asserted: z
        .object({
          issuer: z.string(),
          /** OIDC `sub`, or for SAML the stable identifier chosen, named by its kind (`eppn:…`). */
          subject: z.string(),
          name_id: z.string().nullable(),
          email: z.string().nullable(),
          email_verified: z.boolean(),
          given_name: z.string().nullable(),
          family_name: z.string().nullable(),
          /** SAML: the assertion's attributes by name, first values. */
          attributes: z.record(z.string(), z.string()),
        })
        .nullable(),
      outcome: z.enum(ssoTestOutcomes),
      /** The sso_error a sign-in would have ended with, when `outcome` is `refuse`. */
      code: z.enum(ssoErrorCodes).nullable(),
      /** Why, in the server's words (a signature that failed, a domain not served…). */
      reason: z.string().nullable(),
      /** The member the stable identifier or the e-mail matched, if any. */
      member: z.object({ id: z.number().int(), email: z.string() }).nullable(),
      /** Whether that member is already linked to this identifier. */
      linked: z.boolean(),
    })
    .nullable(),
});

export type SsoTestResult = NonNullable<z.infer<typeof ssoTestResultAnswer>['result']>;
export type IdentityProviderBody = z.infer<typeof identityProviderBody>;
export type IdentityProviderUpdate = z.infer<typeof identityProviderUpdateBody>;
export type IdentityProvider = z.infer<typeof identityProvider>;
export type SpCertificate = z.infer<typeof spCertificate>;
export type PublicProviders = z.infer<typeof publicProvidersAnswer>;
