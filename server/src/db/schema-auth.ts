/**
 * Signing in (server/src/auth): a member's credential, their sessions, and the single-purpose
 * secrets mailed to them.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ownedByUser, userId } from './schema-people.ts';
import { at, createdAt, tenantColumns, tenantKey } from './schema-tenants.ts';

/**
 * The sign-in credential of a user; absent until the profile is claimed. An account claimed or made
 * through single sign-on has no password hash until its member sets one.
 */
export const accounts = pgTable(
  'accounts',
  {
    ...tenantColumns(),
    userId: userId(),
    /** The account's subject, the `id` of SPEC §3 user details. */
    subject: uuid('subject').notNull().defaultRandom().unique(),
    passwordHash: text('password_hash'),
    createdAt: createdAt(),
    passwordChangedAt: at('password_changed_at').notNull().defaultNow(),
  },
  (t) => [tenantKey(t), uniqueIndex('accounts_user_key').on(t.tenantId, t.userId), ownedByUser(t)],
);

export const sessions = pgTable(
  'sessions',
  {
    ...tenantColumns(),
    /** HMAC of the cookie's token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: userId(),
    remember: boolean('remember').notNull().default(false),
    issuedAt: at('issued_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    /** The browser's User-Agent at sign-in, cut to `limits.userAgentLength`; the member's device list. */
    userAgent: text('user_agent'),
    /** Moved at most once a minute by the session lookup (auth/session-middleware.ts). */
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  },
  (t) => [tenantKey(t), ownedByUser(t), index('sessions_user_idx').on(t.tenantId, t.userId)],
);

/** Single-purpose secrets mailed to a user: claim links and password-reset codes. */
export const userTokens = pgTable(
  'user_tokens',
  {
    ...tenantColumns(),
    userId: userId(),
    purpose: text('purpose', { enum: ['claim', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    ownedByUser(t),
    uniqueIndex('user_tokens_hash_key')
      .on(t.tenantId, t.purpose, t.tokenHash)
      .where(sql`${t.consumedAt} is null`),
    index('user_tokens_user_idx').on(t.tenantId, t.userId, t.purpose),
  ],
);
