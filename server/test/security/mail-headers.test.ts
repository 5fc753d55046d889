import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/db/schema-records.ts';
import { tenants } from '../../src/db/schema-tenants.ts';
import { createTestApp, type TestApp } from '../app.ts';
import { jsonInit } from '../factories.ts';
import { uniqueSuffix } from './operations.ts';
import { makeWorld, type World } from './world.ts';

const VICTIM = 'victim@evil.example';

/** Values that would add a header or a recipient if they reached a mail header unescaped. */
const NAME_PAYLOADS = [
  `Ann\r\nBcc: ${VICTIM}`,
  'Ann\nX-Injected: yes',
  'Ann\rX-Injected: yes',
  `Ann\u2028Bcc: ${VICTIM}`,
  '=?utf-8?Q?Ann=0D=0ABcc:_victim@evil.example?=',
];
const EMAIL_PAYLOADS = (local: string) => [
  `${local}@uni.edu\r\nBcc: ${VICTIM}`,
  `${local}@uni.edu\nX-Injected: yes`,
  `${local}@uni.edu,${VICTIM}`,
  `${local}@uni.edu;${VICTIM}`,
  `${local}@uni.edu <${VICTIM}>`,
  `"${local}\r\nBcc: ${VICTIM}"@uni.edu`,
  `${local}@uni.edu\u0000${VICTIM}`,
];

/**
 * Every route that mails someone a client-supplied name or address, with line breaks, extra
 * recipients and encoded words in each such field. A call may refuse the value (400) or take it;
 * either way no mail may gain a recipient or a header, checked on what a real SMTP server receives.
 */
describe('mail header injection through every mailed field', () => {
  let t: TestApp;
  let world: World;
  let smtp: SMTPServer;
  const recipients: string[] = [];
  const received: ParsedMail[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        recipients.push(address.address);
        callback();
      },
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    world = await makeWorld(t);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const person = (overrides: Record<string, unknown>) => ({
    first_name: 'Ann',
    last_name: 'Other',
    email: `ann-${uniqueSuffix()}@uni.edu`,
    role_id: 1,
    linkedin_url: 'https://www.linkedin.com/in/ann-other',
    ...overrides,
  });

  it('adds no recipient and no header, whichever field carries the payload', async () => {
    const { alpha } = world;
    const routes: [string, string | undefined][] = [
      [`/api/v1/request-invitation?tenant_id=${alpha.tenantId}`, undefined],
      ['/api/v1/invite-user', alpha.faculty.cookie],
      ['/api/v1/admin/users', alpha.admin.cookie],
    ];
    const answers: string[] = [];
    for (const [url, cookie] of routes) {
      // A clean call first: it must be taken and mailed, so the checks below see real deliveries.
      const control = await t.request(url, jsonInit('POST', person({}), cookie));
      if (control.status !== 201) answers.push(`${url} refused a clean body: ${control.status}`);
      const bodies = [
        ...NAME_PAYLOADS.flatMap((name) => [
          person({ first_name: name }),
          person({ last_name: name }),
        ]),
        ...EMAIL_PAYLOADS(`ann-${uniqueSuffix()}`).map((email) => person({ email })),
      ];
      for (const body of bodies) {
        await t.deps.rateLimits.invitationRequests.delete('unknown');
        const res = await t.request(url, jsonInit('POST', body, cookie));
        if (res.status >= 500) answers.push(`${url} ${JSON.stringify(body)}: ${res.status}`);
      }
    }
    for (const email of EMAIL_PAYLOADS(alpha.faculty.email.split('@')[0] ?? 'x')) {
      const res = await t.request(
        '/api/v1/auth/forgot-password',
        jsonInit('POST', { email, tenant_id: alpha.tenantId }),
      );
      if (res.status >= 500)
        answers.push(`forgot-password ${JSON.stringify(email)}: ${res.status}`);
    }
    expect(answers).toEqual([]);

    // Whatever was queued is delivered before the checks.
    const deadline = Date.now() + 15_000;
    const queued = async () =>
      (await t.db.select().from(outbox).where(eq(outbox.tenantId, alpha.tenantId))).filter(
        (row) => row.status === 'pending',
      ).length;
    while ((await queued()) > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await queued()).toBe(0);

    const rows = await t.db.select().from(outbox).where(eq(outbox.tenantId, alpha.tenantId));
    for (const row of rows) {
      expect(row.toAddress).toMatch(/^[^\s,;<>"]+@[^\s,;<>"]+$/);
      expect(row.subject).not.toMatch(/[\r\n\u2028]/);
    }
    expect(recipients.filter((address) => address.includes('evil.example'))).toEqual([]);
    for (const mail of received) {
      expect(mail.headers.has('x-injected')).toBe(false);
      expect(mail.headers.has('bcc')).toBe(false);
      expect(JSON.stringify(mail.to)).not.toContain('evil.example');
    }
    expect(received.length).toBeGreaterThanOrEqual(routes.length);
  });

  it("keeps a product name with line breaks (set by an administrator) out of the mail's headers", async () => {
    const { alpha } = world;
    await t.db
      .update(tenants)
      .set({ branding: { productName: `Portal\r\nBcc: ${VICTIM}\r\nX-Injected: yes` } })
      .where(eq(tenants.id, alpha.tenantId));
    const before = received.length;
    const res = await t.request(
      '/api/v1/admin/users',
      jsonInit('POST', person({}), alpha.admin.cookie),
    );
    expect(res.status).toBe(201);
    const deadline = Date.now() + 15_000;
    while (received.length === before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const mail = received.at(-1);
    expect(mail?.subject).toContain('Portal');
    expect(mail?.headers.has('x-injected')).toBe(false);
    expect(recipients.filter((address) => address.includes('evil.example'))).toEqual([]);
  });
});
