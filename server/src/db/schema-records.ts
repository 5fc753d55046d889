/**
 * What a change leaves behind besides itself, written in its transaction: the mail it causes and,
 * for administrators' changes, the audit entry.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, tenantColumns, tenantKey } from './schema-tenants.ts';

/**
 * Mails waiting to be sent. Written in the transaction of the change that causes them; the worker
 * reads across tenants through the system handle, hence the status index not led by tenant.
 */
export const outbox = pgTable(
  'outbox',
  {
    ...tenantColumns(),
    messageId: text('message_id').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Extra headers, such as List-Unsubscribe on notification mail (CONTRACT §9). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status', { enum: ['pending', 'sent'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * What administrators did and when sign-in failures came in bursts. Rows are written in the
 * transaction of the change they describe and never updated; the actor's e-mail is copied so the
 * entry still reads right after the member changes it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    ...tenantColumns(),
    /** Null for entries the system writes itself (sign-in failure bursts). */
    actorId: integer('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: integer('target_id'),
    /** One human sentence, shown in the console and exported. */
    summary: text('summary').notNull(),
    detail: jsonb('detail').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    index('audit_log_time_idx').on(t.tenantId, t.createdAt, t.id),
    index('audit_log_action_idx').on(t.tenantId, t.action, t.createdAt),
  ],
);
