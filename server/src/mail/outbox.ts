import { randomUUID } from 'node:crypto';
import type { Tx } from '../db/client.ts';
import { outbox } from '../db/schema-records.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe); values are made single-line like the others. */
  headers?: Record<string, string>;
}

/** Header values never carry line breaks, whatever a name or subject contained. */
const headerSafe = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/**
 * Queues a mail in the transaction of the change that causes it: both commit or neither does, and
 * the worker sends it later, surviving an SMTP outage. The Message-ID is fixed here, so a resend
 * after an uncertain delivery is recognisably the same mail.
 */
export async function enqueueMail(
  tx: Tx,
  tenant: { id: number; domain: string },
  from: string | null,
  mail: OutgoingMail | OutgoingMail[],
): Promise<void> {
  const mails = Array.isArray(mail) ? mail : [mail];
  if (mails.length === 0) return;
  // Many mails (a bulk import's claim links) go in one statement.
  await tx.insert(outbox).values(
    mails.map((one) => ({
      tenantId: tenant.id,
      messageId: `<${randomUUID()}@${tenant.domain}>`,
      fromAddress: headerSafe(from ?? `no-reply@${tenant.domain}`),
      toAddress: headerSafe(one.to),
      subject: headerSafe(one.subject),
      textBody: one.text,
      htmlBody: one.html,
      headers: one.headers
        ? Object.fromEntries(
            Object.entries(one.headers).map(([name, value]) => [name, headerSafe(value)]),
          )
        : null,
    })),
  );
}
