import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/db/schema-records.ts';
import { createTestApp, type TestApp } from '../app.ts';
import { jsonInit, makeTenant, signInCookie } from '../factories.ts';
import { TestSmtpServer } from '../smtp.ts';

const OUTAGE_MS = 60_000;
const INVITATIONS = 12;
const CUT = 2;

/**
 * SMTP away for a minute while an administrator creates profiles: every claim mail is delivered
 * once it is back, each exactly once, except those whose send was cut after the server had the
 * mail, which come again under the same Message-ID.
 */
describe('SMTP down for a minute during invitations', { timeout: OUTAGE_MS + 90_000 }, () => {
  const smtp = new TestSmtpServer();
  let t: TestApp;

  beforeAll(async () => {
    await smtp.start();
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('delivers every mail afterwards, each once unless its send was cut', async () => {
    const tenant = await makeTenant(t.db, 'Outage University');
    const admin = await signInCookie(t.request, tenant.tenantId, `admin@${tenant.domain}`);
    const port = smtp.port;
    await smtp.stop();

    const started = Date.now();
    for (let n = 0; n < INVITATIONS; n++) {
      const res = await t.request(
        '/api/v1/admin/users',
        jsonInit(
          'POST',
          { first_name: 'Otto', last_name: 'Hahn', email: `otto${n}@outage.edu`, role_id: 2 },
          admin,
        ),
      );
      expect(res.status).toBe(201);
    }
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS - (Date.now() - started)));
    const queued = await t.db.select().from(outbox).where(eq(outbox.tenantId, tenant.tenantId));
    expect(queued).toHaveLength(INVITATIONS);
    expect(queued.every((row) => row.status === 'pending' && row.attempts >= 2)).toBe(true);

    await smtp.start(port, { cutFirst: CUT });
    await smtp.waitFor(INVITATIONS + CUT, 60_000);
    const sentRows = () =>
      t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.tenantId, tenant.tenantId), eq(outbox.status, 'sent')));
    // A row is marked sent a moment after the SMTP server has taken its mail.
    await expect.poll(async () => (await sentRows()).length, { timeout: 10_000 }).toBe(INVITATIONS);
    const sent = await sentRows();

    const byMessageId = new Map<string, number>();
    for (const mail of smtp.received) {
      byMessageId.set(mail.messageId ?? '', (byMessageId.get(mail.messageId ?? '') ?? 0) + 1);
    }
    expect([...byMessageId.keys()].sort()).toEqual(sent.map((row) => row.messageId).sort());
    const counts = [...byMessageId.values()].sort();
    expect(counts).toEqual([...Array(INVITATIONS - CUT).fill(1), ...Array(CUT).fill(2)]);
    // Nothing more arrives later: the sent rows are done with.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(smtp.received).toHaveLength(INVITATIONS + CUT);
  });
});
