/**
 * The outbox as a queue, across every tenant: the worker claims, sends and settles mails of all
 * tenants, so these queries bypass inTenant() on purpose (db/system.ts names the exceptions).
 */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../db/client.ts';
import { outbox } from '../db/schema-records.ts';

const outboxRow = z.strictObject({
  tenant_id: z.number(),
  id: z.number(),
  message_id: z.string(),
  from_address: z.string(),
  to_address: z.string(),
  subject: z.string(),
  text_body: z.string(),
  html_body: z.string(),
  headers: z.record(z.string(), z.string()).nullable(),
  attempts: z.number(),
});
export type OutboxRow = z.output<typeof outboxRow>;

/** Claims due mails of every tenant for `leaseMs`; SKIP LOCKED keeps concurrent workers apart. */
export function claimDueMails(db: Db, batch: number, leaseMs: number): Promise<OutboxRow[]> {
  return queryRows(
    db,
    sql`update outbox set attempts = attempts + 1,
          next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
        where (tenant_id, id) in (
          select tenant_id, id from outbox
          where status = 'pending' and next_attempt_at <= now()
          order by next_attempt_at limit ${batch}
          for update skip locked)
        returning tenant_id, id, message_id, from_address, to_address, subject, text_body,
          html_body, headers, attempts`,
    outboxRow,
  );
}

const mailOf = (row: OutboxRow) => and(eq(outbox.tenantId, row.tenant_id), eq(outbox.id, row.id));

export async function markMailSent(db: Db, row: OutboxRow): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(mailOf(row));
}

export async function rescheduleMail(db: Db, row: OutboxRow, delayMs: number, error: string) {
  await db
    .update(outbox)
    .set({
      nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      lastError: error.slice(0, 500),
    })
    .where(mailOf(row));
}

/** The newest mails of every tenant, for /dev/mail on a developer's own machine only. */
export function recentMails(db: Db, limit: number) {
  return db
    .select({
      id: outbox.id,
      tenantId: outbox.tenantId,
      messageId: outbox.messageId,
      from: outbox.fromAddress,
      to: outbox.toAddress,
      subject: outbox.subject,
      text: outbox.textBody,
      html: outbox.htmlBody,
      status: outbox.status,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .orderBy(sql`${outbox.createdAt} desc, ${outbox.id} desc`)
    .limit(limit);
}
