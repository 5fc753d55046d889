import type { Config } from '../config.ts';
import type { Tx } from '../db/client.ts';
import type { TenantRow } from '../db/schema-tenants.ts';
import { resolveBranding } from '../tenants/branding.ts';
import { enqueueMail, type OutgoingMail } from './outbox.ts';
import { type MailBrand, mailBrand } from './templates.ts';
import type { OutboxWorker } from './worker.ts';

/** What services use to send mail: queue inside their transaction, nudge the worker after it. */
export class Mailer {
  /** Whether what happens is mailed as it happens; the demo seed writes history and mails none. */
  readonly mailsNotifications: boolean = true;

  constructor(
    private readonly config: Config,
    private readonly worker: OutboxWorker | null,
  ) {}

  brand(tenant: TenantRow): MailBrand {
    return mailBrand(
      resolveBranding(tenant.name, tenant.branding),
      this.config.publicUrl,
      tenant.domain,
    );
  }

  /** CONTRACT §4: the claim link of a token. */
  claimLink(tenant: TenantRow, token: string): string {
    const query = new URLSearchParams({
      token,
      tenant_id: String(tenant.id),
      tenant: tenant.domain,
    });
    return `${this.config.publicUrl}/accept-invitation?${query}`;
  }

  enqueue(tx: Tx, tenant: TenantRow, mail: OutgoingMail | OutgoingMail[]): Promise<void> {
    return enqueueMail(tx, tenant, this.config.mailFrom, mail);
  }

  /** Call after the transaction that queued mail has committed. */
  nudge(): void {
    this.worker?.nudge();
  }
}
