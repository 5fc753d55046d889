/**
 * The tables of institutional single sign-on (CONTRACT §8, docs/decisions/0031), under the rules of
 * schema-tenants.ts: `tenant_id` first in every key and index, composite foreign keys.
 */
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ownedByUser, userId } from './schema-people.ts';
import { roles } from './schema-reference.ts';
import { at, createdAt, tenantColumns, tenantKey, tenantReference } from './schema-tenants.ts';

/**
 * A tenant's OpenID Connect or SAML identity provider. `settings` holds what may be shown back to
 * administrators (issuer, client id, scopes, the discovery or metadata read); `sealed` holds the
 * secrets (client secret, the service provider's private keys) encrypted with a key derived from
 * SECRET_KEY (sso/sealing.ts), never sent to any client.
 */
export const identityProviders = pgTable(
  'identity_providers',
  {
    ...tenantColumns(),
    protocol: text('protocol', { enum: ['oidc', 'saml'] }).notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Lower case; a provider speaks only for these domains. */
    emailDomains: text('email_domains').array().notNull(),
    autoApprove: boolean('auto_approve').notNull().default(false),
    defaultRoleId: smallint('default_role_id').notNull().default(1),
    settings: jsonb('settings').notNull().default({}),
    sealed: text('sealed'),
    /** When the SAML metadata was last read from its URL; the daily refresh goes by it. */
    refreshedAt: at('refreshed_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [tenantKey(t), tenantReference(t, t.defaultRoleId, roles)],
);

/** The provider a row belongs to. */
const providerId = () => integer('provider_id').notNull();

/** The key from a provider's row to the provider: it goes when the provider does. */
const ofProvider = (t: { tenantId: AnyPgColumn; providerId: AnyPgColumn }) =>
  tenantReference(t, t.providerId, identityProviders).onDelete('cascade');

/**
 * What a sign-in started here is waiting for: the OIDC `state` (its HMAC; the `nonce` and PKCE
 * verifier with it) or the SAML AuthnRequest's ID, and where to go after. In the database so that
 * every server process agrees; each row is used once (deleted as it is read) and lives minutes.
 */
export const ssoRequests = pgTable(
  'sso_requests',
  {
    ...tenantColumns(),
    providerId: providerId(),
    /** HMAC of the OIDC state, or the SAML request ID as sent (it is in the IdP's answer). */
    handle: text('handle').notNull(),
    nonce: text('nonce'),
    codeVerifier: text('code_verifier'),
    redirect: text('redirect').notNull(),
    remember: boolean('remember').notNull(),
    /**
     * An administrator's test sign-in (the console's "Test sign-in"): the session that started it,
     * set only by the start endpoint for an administrator of the tenant, so no answer from a
     * provider can make itself a test. Its outcome is kept in `result` under the handle
     * `test:{session id}` for that session to read, and nothing is signed in or changed.
     */
    testSessionId: integer('test_session_id'),
    result: jsonb('result'),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    ofProvider(t),
    uniqueIndex('sso_requests_handle_key').on(t.tenantId, t.providerId, t.handle),
    index('sso_requests_expiry_idx').on(t.tenantId, t.expiresAt),
  ],
);

/** SAML assertion ids already accepted, kept until the assertion expires, so none is used twice. */
export const ssoAssertions = pgTable(
  'sso_assertions',
  {
    ...tenantColumns(),
    providerId: providerId(),
    assertionId: text('assertion_id').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    tenantKey(t),
    ofProvider(t),
    uniqueIndex('sso_assertions_key').on(t.tenantId, t.providerId, t.assertionId),
    index('sso_assertions_expiry_idx').on(t.tenantId, t.expiresAt),
  ],
);

/**
 * A member's identity at a provider: the stable identifier of CONTRACT §8 (OIDC issuer and `sub`,
 * SAML issuer and subject-id, pairwise-id, eduPersonPrincipalName or persistent NameID), linked at
 * the first sign-in and used afterwards, even once the e-mail changed.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    ...tenantColumns(),
    providerId: providerId(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: userId(),
    createdAt: createdAt(),
    lastSignInAt: at('last_sign_in_at'),
  },
  (t) => [
    tenantKey(t),
    ofProvider(t),
    ownedByUser(t),
    uniqueIndex('user_identities_subject_key').on(t.tenantId, t.providerId, t.issuer, t.subject),
    index('user_identities_user_idx').on(t.tenantId, t.userId),
  ],
);

export type IdentityProviderRow = typeof identityProviders.$inferSelect;
