import type { NotificationKind } from '@kindling/contract';
import type { Tx } from '../db/client.ts';
import { notifications } from '../db/schema-notifications.ts';
import { mailImmediately } from './immediate-mail.ts';
import type { NotificationMail } from './notification-mail.ts';

/** What happened, as every recipient of it will read it. */
export interface Notice {
  kind: NotificationKind;
  /** Who did it; never notified of their own action. Null for what the system did. */
  actorId: number | null;
  ideaId: number | null;
  /** One sentence naming who did what, e.g. 'Ada Lovelace commented on “Solar roofs”'. */
  text: string;
  /** The app's path to what it is about, e.g. `/ideas/12#comments`. */
  link: string;
}

/**
 * Writes one notification per recipient in the transaction of the change that caused it (CONTRACT
 * §9): both commit or neither does. The actor and repeated recipients are left out; answers the
 * whether it queued mail, for the caller to nudge the mailer once its transaction has committed.
 * Recipients whose mail for the kind is immediate are mailed through the outbox in the same
 * transaction, and their notifications are written as mailed. With `mail` null (the demo seed)
 * nothing is mailed.
 */
export async function notify(
  tx: Tx,
  mail: NotificationMail | null,
  tenantId: number,
  recipientIds: Iterable<number>,
  notice: Notice,
  at: Date,
): Promise<boolean> {
  const recipients = [...new Set(recipientIds)].filter((id) => id !== notice.actorId);
  if (recipients.length === 0) return false;
  const mailed = mail
    ? await mailImmediately(tx, tenantId, recipients, notice, mail)
    : new Set<number>();
  await tx.insert(notifications).values(
    recipients.map((recipientId) => ({
      tenantId,
      recipientId,
      kind: notice.kind,
      actorId: notice.actorId,
      ideaId: notice.ideaId,
      text: notice.text,
      link: notice.link,
      createdAt: at,
      mailedAt: mailed.has(recipientId) ? at : null,
    })),
  );
  return mailed.size > 0;
}
