import { type NotificationKind, notificationKindLabels } from '@kindling/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { tenants } from '../db/schema-tenants.ts';
import { appLink, notificationMail, unsubscribeFooter } from '../mail/templates.ts';
import type { NotificationMail } from './notification-mail.ts';
import { immediateRecipients } from './settings-repository.ts';
import { unsubscribeHeaders } from './unsubscribe-token.ts';

/**
 * Queues one mail per recipient whose setting for the notice's kind is immediate, in the
 * notifying transaction, and answers whom it mailed (their notifications are then marked mailed,
 * so no digest carries them again). Each mail carries the one-click unsubscribe of that member,
 * tenant and kind (CONTRACT §9).
 */
export async function mailImmediately(
  tx: Tx,
  tenantId: number,
  recipientIds: number[],
  notice: { kind: NotificationKind; text: string; link: string },
  mail: NotificationMail,
): Promise<Set<number>> {
  const recipients = await immediateRecipients(tx, tenantId, recipientIds, notice.kind);
  if (recipients.length === 0) return new Set();
  const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) throw new Error(`notify(): tenant ${tenantId} not found`);
  const brand = mail.mailer.brand(tenant);
  const url = appLink(brand, notice.link);
  const why = `You get this e-mail at once for: ${notificationKindLabels[notice.kind]}.`;
  await mail.mailer.enqueue(
    tx,
    tenant,
    recipients.map((recipient) => {
      const token = mail.tokens.sign({ tenantId, userId: recipient.id, kinds: [notice.kind] });
      return {
        ...notificationMail(
          brand,
          recipient,
          { text: notice.text, url },
          unsubscribeFooter(brand, token, why),
        ),
        headers: unsubscribeHeaders(mail.publicUrl, token),
      };
    }),
  );
  return new Set(recipients.map((recipient) => recipient.id));
}
