/**
 * The second factor (CONTRACT §11, server/src/mfa): a member's authenticator app, their recovery
 * codes, and the challenges of sign-ins waiting for a code. Every table carries `tenant_id` and so
 * row-level security (security.ts).
 */
import {
  bigint,
  boolean,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, tenantId, users } from './schema.ts';

const userId = () => integer('user_id').notNull();
const at = (name: string) => timestamp(name, { withTimezone: true });

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
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    foreignKey({
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
  ],
);

/** Ten single-use codes made when the authenticator is enabled; only their HMACs are kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    tenantId: tenantId(),
    id: id(),
    userId: userId(),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
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
    tenantId: tenantId(),
    id: id(),
    userId: userId(),
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull(),
    expiresAt: at('expires_at').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    consumedAt: at('consumed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
    uniqueIndex('mfa_challenges_token_key').on(t.tenantId, t.tokenHash),
  ],
);
