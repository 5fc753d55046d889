import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { jsonInit, makeTenant, signInCookie } from '../../test/factories.ts';
import { mailsTo } from '../../test/mail.ts';
import { TestSmtpServer } from '../../test/smtp.ts';

const invitee = (email: string) => ({
  first_name: 'Lise',
  last_name: 'Meitner',
  email,
  role_id: 3,
  linkedin_url: 'https://www.linkedin.com/in/lise',
});

describe('mail delivery through SMTP', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let tenant: Awaited<ReturnType<typeof makeTenant>>;
  let admin: string;

  beforeAll(async () => {
    smtp = new TestSmtpServer();
    await smtp.start();
    t = await createTestApp({ SMTP_URL: smtp.url });
    tenant = await makeTenant(t.db, 'Alpha University');
    admin = await signInCookie(t.request, tenant.tenantId, `admin@${tenant.domain}`);
  });
  afterEach(() => {
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('delivers a branded multipart mail with a stable Message-ID and the claim link', async () => {
    const res = await t.request(
      '/api/v1/invite-user',
      jsonInit('POST', invitee('lise@alpha.edu'), admin),
    );
    expect(res.status).toBe(201);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toMatchObject({ text: 'lise@alpha.edu' });
    expect(mail?.from?.text).toBe(`no-reply@${tenant.domain}`);
    expect(mail?.subject).toBe("You're invited to join Alpha University");
    expect(mail?.text).toMatch(/accept-invitation\?token=[\w-]+&tenant_id=\d+&tenant=/);
    expect(mail?.html).toContain('Alpha University');
    expect(mail?.html).toContain('/brand/kindling-logo.svg');
    const [row] = await mailsTo(t.db, tenant.tenantId, 'lise@alpha.edu');
    expect(mail?.messageId).toBe(row?.messageId);
    // The worker marks the row once the SMTP server has answered, a moment after it got the mail.
    await expect
      .poll(async () => (await mailsTo(t.db, tenant.tenantId, 'lise@alpha.edu'))[0]?.status)
      .toBe('sent');
  });

  it('survives an SMTP outage: the invitation succeeds and its mail arrives once, later', async () => {
    const port = smtp.port;
    await smtp.stop();
    const res = await t.request(
      '/api/v1/invite-user',
      jsonInit('POST', invitee('otto@alpha.edu'), admin),
    );
    expect(res.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 800));
    const [queued] = await mailsTo(t.db, tenant.tenantId, 'otto@alpha.edu');
    expect(queued?.status).toBe('pending');
    expect(queued?.attempts).toBeGreaterThanOrEqual(1);
    expect(queued?.lastError).toBeTruthy();

    await smtp.start(port);
    const received = await smtp.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(received.filter((m) => m.subject?.includes('invited')).length).toBe(1);
    const [sent] = await mailsTo(t.db, tenant.tenantId, 'otto@alpha.edu');
    expect(sent?.status).toBe('sent');
    expect(received[0]?.messageId).toBe(sent?.messageId);
  });

  it('a name with line breaks cannot inject headers', async () => {
    const res = await t.request(
      '/api/v1/request-invitation',
      jsonInit('POST', {
        ...invitee('mallory@alpha.edu'),
        first_name: 'Mal\r\nBcc: victim@evil.example',
        tenant_id: tenant.tenantId,
      }),
    );
    expect(res.status).toBe(400);
  });
});
