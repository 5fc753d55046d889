/**
 * The tables of notifications and their mail (CONTRACT §9), under the rules of schema-tenants.ts:
 * `tenant_id` first in every key and index, composite foreign keys.
 */
import { notificationKinds } from '@kindling/contract';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ideas } from './schema-ideas.ts';
import { ownedByUser, userId, users } from './schema-people.ts';
import {
  at,
  createdAt,
  tenantColumns,
  tenantId,
  tenantKey,
  tenantReference,
} from './schema-tenants.ts';

/**
 * Something that happened which a member should hear of, written in the transaction of the change
 * that caused it. `text` and `link` are fixed when it is written, so it still reads right after the
 * idea is renamed. `actor_id` has no foreign key: a notification outlives its actor's account and
 * then names a former member. `mailed_at` is set when a mail (immediate or digest) carried it, so
 * no notification is mailed twice.
 */
export const notifications = pgTable(
  'notifications',
  {
    ...tenantColumns(),
    recipientId: integer('recipient_id').notNull(),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    actorId: integer('actor_id'),
    ideaId: integer('idea_id'),
    text: text('text').notNull(),
    link: text('link').notNull(),
    createdAt: createdAt(),
    readAt: at('read_at'),
    mailedAt: at('mailed_at'),
  },
  (t) => [
    tenantKey(t),
    tenantReference(t, t.recipientId, users).onDelete('cascade'),
    tenantReference(t, t.ideaId, ideas).onDelete('cascade'),
    index('notifications_recipient_idx').on(t.tenantId, t.recipientId, t.createdAt, t.id),
    index('notifications_unread_idx')
      .on(t.tenantId, t.recipientId, t.createdAt, t.id)
      .where(sql`read_at is null`),
    // What a digest gathers (notifications/digest.ts): unread and not yet mailed, so the index
    // holds only what is still waiting for a mail, whatever the table's size.
    index('notifications_digest_idx')
      .on(t.tenantId, t.recipientId, t.createdAt, t.id)
      .where(sql`read_at is null and mailed_at is null`),
  ],
);

/**
 * A member's choice of mail for one kind; a kind without a row has CONTRACT §9's default
 * (`defaultMailFrequency`), so a new member costs no rows.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    tenantId: tenantId(),
    userId: userId(),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    frequency: text('frequency', { enum: ['off', 'immediate', 'daily', 'weekly'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.kind] }), ownedByUser(t)],
);

/**
 * How many notifications a member has, and how many unread, kept by statement triggers on
 * `notifications` (drizzle/0017): the bell's count and the list's pages read one row here instead
 * of counting up to thousands of index entries per request (decision 0033's tallies, again).
 */
export const notificationTallies = pgTable(
  'notification_tallies',
  {
    tenantId: tenantId(),
    userId: userId(),
    total: integer('total').notNull().default(0),
    unread: integer('unread').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] }), ownedByUser(t)],
);
