import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { claimDueMails, markMailSent, type OutboxRow, rescheduleMail } from './outbox-queue.ts';

export interface Sender {
  send(row: OutboxRow): Promise<void>;
  close(): void;
}

/**
 * nodemailer is loaded by the first mail sent rather than at start: it held about 3 MB in every
 * server, and a quiet one sends none for hours (decision 0048).
 */
export function smtpSender(smtpUrl: string): Sender {
  let transport: Promise<Transporter> | undefined;
  const connect = () => {
    transport ??= import('nodemailer').then((mailer) => mailer.default.createTransport(smtpUrl));
    return transport;
  };
  return {
    async send(row) {
      await (await connect()).sendMail({
        messageId: row.message_id,
        from: row.from_address,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        headers: row.headers ?? undefined,
      });
    },
    // A transport that never opened has nothing to close.
    close: () =>
      void transport?.then(
        (open) => open.close(),
        () => undefined,
      ),
  };
}

export interface OutboxWorkerOptions {
  pollMs?: number;
  /** First retry delay; doubles per attempt up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How long a claimed row stays invisible to other workers while it is being sent. */
  leaseMs?: number;
  batch?: number;
}

/**
 * Sends queued mails. Rows are claimed in a short transaction (FOR UPDATE SKIP LOCKED, so several
 * server processes never send one row twice), sent outside it, and then marked; a process that
 * dies mid-send leaves a lease that expires, and the row is sent again with its same Message-ID.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private readonly options: Required<OutboxWorkerOptions>;

  constructor(
    private readonly db: Db,
    private readonly sender: Sender,
    private readonly logger: Logger,
    options: OutboxWorkerOptions = {},
  ) {
    this.options = {
      pollMs: options.pollMs ?? 5_000,
      backoffMs: options.backoffMs ?? 5_000,
      maxBackoffMs: options.maxBackoffMs ?? 600_000,
      leaseMs: options.leaseMs ?? 120_000,
      batch: options.batch ?? 10,
    };
  }

  start(): void {
    this.timer = setInterval(() => this.nudge(), this.options.pollMs);
    this.timer.unref();
    this.nudge();
  }

  /** Asks for a pass soon, e.g. right after a mail was queued; passes never overlap. */
  nudge(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .then(() => undefined)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'outbox pass failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.again = false;
    await this.running;
    this.sender.close();
  }

  /** Sends everything due now; answers how many were sent. */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await claimDueMails(this.db, this.options.batch, this.options.leaseMs);
      if (rows.length === 0) return sent;
      for (const row of rows) {
        if (await this.deliver(row)) sent++;
      }
    }
  }

  private async deliver(row: OutboxRow): Promise<boolean> {
    try {
      await this.sender.send(row);
    } catch (error) {
      const delay = Math.min(
        this.options.backoffMs * 2 ** (row.attempts - 1),
        this.options.maxBackoffMs,
      );
      this.logger.warn({ outboxId: row.id, attempts: row.attempts, err: error }, 'mail not sent');
      await rescheduleMail(this.db, row, delay, String((error as Error).message ?? error));
      return false;
    }
    await markMailSent(this.db, row);
    return true;
  }
}
