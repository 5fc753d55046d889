/**
 * The second factor (CONTRACT §11, server/src/mfa): a member's authenticator app, their recovery
 * codes, their passkeys, and the challenges of sign-ins and WebAuthn ceremonies waiting for an
 * answer. Every table carries `tenant_id` and so row-level security (security.ts).
 */
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ownedByUser, userId } from './schema-people.ts';
import {
  at,
  createdAt,
  tenantColumns,
  tenantId,
  tenantKey,
  tenantReference,
} from './schema-tenants.ts';

/**
 * A member's authenticator (TOTP, RFC 6238): one at most. Its secret is sealed (AES-256-GCM under a
 * key derived from SECRET_KEY, mfa/secrets.ts). A row without `enabled_at` is a setup not yet
 * confirmed with a code: it does not count as a second factor.
 */
export const totpAuthenticators = pgTable(
  'totp_authenticators',
  {
    tenantId: tenantId(),
    userId: userId(),
    secretSealed: text('secret_sealed').notNull(),
    enabledAt: at('enabled_at'),
    /** The time step of the last code accepted: a code of that step or an earlier one is refused. */
    lastStep: bigint('last_step', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] }), ownedByUser(t)],
);

/** Ten single-use codes made when the authenticator is enabled; only their HMACs are kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    ...tenantColumns(),
    userId: userId(),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    tenantKey(t),
    ownedByUser(t),
    uniqueIndex('recovery_codes_user_code_key').on(t.tenantId, t.userId, t.codeHash),
  ],
);

/**
 * A sign-in whose password was right, waiting for its second factor: 3 minutes, 5 wrong codes.
 * Only the HMAC of the challenge handed to the browser is kept.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    ...tenantColumns(),
    userId: userId(),
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull(),
    expiresAt: at('expires_at').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    consumedAt: at('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    ownedByUser(t),
    uniqueIndex('mfa_challenges_token_key').on(t.tenantId, t.tokenHash),
  ],
);

/** A credential's public key as the authenticator gave it (COSE), kept as the bytes it is. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres answers a Buffer and PGlite a Uint8Array: both become a plain Uint8Array.
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * A member's passkey (WebAuthn, mfa/passkeys): a second factor, and a way to sign in without a
 * password. `credential_id` is the authenticator's (base64url), unique in its tenant; `counter` is
 * the signature counter last seen, which only moves forward.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    ...tenantColumns(),
    userId: userId(),
    name: text('name').notNull(),
    credentialId: text('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    /** Synced by its provider (iCloud Keychain, Google Password Manager): survives a lost device. */
    backedUp: boolean('backed_up').notNull(),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [
    tenantKey(t),
    ownedByUser(t),
    uniqueIndex('passkeys_credential_key').on(t.tenantId, t.credentialId),
    index('passkeys_user_idx').on(t.tenantId, t.userId),
  ],
);

/**
 * A WebAuthn ceremony's challenge, waiting for the browser's answer: 5 minutes, used once (the row
 * is deleted by the statement that accepts it). Only its HMAC is kept. `purpose` says which
 * ceremony it serves: `register` (a signed-in member adding a passkey), `sign_in` (a passkey
 * sign-in, nobody known yet) or `mfa` (the second step of `mfa_challenge_id`'s sign-in).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    ...tenantColumns(),
    purpose: text('purpose', { enum: ['register', 'sign_in', 'mfa'] }).notNull(),
    userId: integer('user_id'),
    mfaChallengeId: integer('mfa_challenge_id'),
    challengeHash: text('challenge_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    tenantKey(t),
    ownedByUser(t),
    tenantReference(t, t.mfaChallengeId, mfaChallenges).onDelete('cascade'),
    uniqueIndex('webauthn_challenges_hash_key').on(t.tenantId, t.challengeHash),
    index('webauthn_challenges_expiry_idx').on(t.tenantId, t.expiresAt),
  ],
);
