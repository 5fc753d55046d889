import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that keeps what it receives, parsed. */
export class TestSmtpServer {
  readonly received: ParsedMail[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  /**
   * Starts listening. With `cutFirst`, the first that many mails are kept but answered with a 421
   * as if the connection dropped before the server's "250 OK": the sender must send them again.
   */
  async start(port = 0, { cutFirst = 0 }: { cutFirst?: number } = {}): Promise<void> {
    let toCut = cutFirst;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.received.push(mail);
            if (toCut > 0) {
              toCut -= 1;
              callback(Object.assign(new Error('Connection lost'), { responseCode: 421 }));
            } else {
              callback();
            }
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async waitFor(count: number, timeoutMs = 15_000): Promise<ParsedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline)
        throw new Error(`expected ${count} mails, got ${this.received.length}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return this.received;
  }
}
