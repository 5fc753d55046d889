import {
  defaultMailFrequency,
  notificationSettingsMessages as m,
  type NotificationKind,
} from '@kindling/contract';
import { and, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { jsonInit, makeUser } from '../../test/factories.ts';
import { freshTenant } from '../../test/fixtures.ts';
import { TestSmtpServer } from '../../test/smtp.ts';
import { notifications } from '../db/schema-notifications.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { postIdea } from '../ideas/test-fixtures.ts';
import { notificationMailOf } from './notification-mail.ts';
import { type Notice, notify } from './notify.ts';
import { createUnsubscribeTokens } from './unsubscribe-token.ts';

/** A raw header of a received mail, as the SMTP server got it. */
const header = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.slice(name.length + 1)
    .trim();

describe('notification mail settings, immediate mail and unsubscribe (CONTRACT §9)', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  const at = new Date('2026-03-02T09:00:00Z');

  beforeAll(async () => {
    smtp = new TestSmtpServer();
    await smtp.start();
    // One proxy hop is trusted, so the rate-limit test can come from an address of its own.
    t = await createTestApp({ SMTP_URL: smtp.url, TRUST_PROXY: '1' });
  });
  afterEach(() => {
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  /** notify() in a transaction of its own as a service calls it: the mailer nudged after it. */
  const notifyNow = async (tenantId: number, recipients: number[], notice: Notice) => {
    const mailed = await inTenant(t.db, tenantId, (tx) =>
      notify(tx, notificationMailOf(t.deps), tenantId, recipients, notice, at),
    );
    if (mailed) t.deps.mailer.nudge();
    return mailed;
  };

  const unsubscribeCall = (token: string, init: RequestInit = {}, tenantId?: number) => {
    const query = new URLSearchParams({ token });
    if (tenantId !== undefined) query.set('tenant_id', String(tenantId));
    return t.request(`/api/v1/unsubscribe?${query}`, { method: 'POST', ...init });
  };

  const mailedAt = async (tenantId: number, recipientId: number) => {
    const rows = await inTenant(t.db, tenantId, (tx) =>
      tx
        .select({ mailedAt: notifications.mailedAt })
        .from(notifications)
        .where(
          and(eq(notifications.tenantId, tenantId), eq(notifications.recipientId, recipientId)),
        ),
    );
    return rows.map((row) => row.mailedAt?.toISOString() ?? null);
  };

  it('answers the defaults, then keeps what is saved and leaves the kinds not named alone', async () => {
    const { member } = await freshTenant(t);
    const grace = await member();
    const read = await grace.client.call('GET', '/notification-settings');
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ email: defaultMailFrequency });

    const first = await grace.client.call('PUT', '/notification-settings', {
      email: { comment: 'off', interest: 'weekly' },
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      email: { ...defaultMailFrequency, comment: 'off', interest: 'weekly' },
    });
    await grace.client.call('PUT', '/notification-settings', { email: { interest: 'daily' } });
    const again = await (await grace.client.call('GET', '/notification-settings')).json();
    expect(again.email).toEqual({ ...defaultMailFrequency, comment: 'off', interest: 'daily' });
  });

  it('refuses an unknown kind or frequency, or no email, with a field message; 401 without a session', async () => {
    const { admin } = await freshTenant(t);
    const cases = [
      [{ email: { bogus: 'off' } }, 'email', `${m.kindUnknown} bogus`],
      [{ email: { comment: 'hourly' } }, 'email.comment', m.frequencyInvalid],
      [{ email: { comment: null } }, 'email.comment', m.frequencyInvalid],
      [{ email: 'off' }, 'email', m.emailRequired],
      [{}, 'email', m.emailRequired],
    ] as const;
    for (const [body, field, error] of cases) {
      const res = await admin.call('PUT', '/notification-settings', body);
      expect(res.status).toBe(400);
      expect((await res.json()).details).toEqual([{ field, error }]);
    }
    expect((await (await admin.call('GET', '/notification-settings')).json()).email).toEqual(
      defaultMailFrequency,
    );
    expect((await t.request('/api/v1/notification-settings')).status).toBe(401);
  });

  it('mails at once, through the outbox, only active approved members whose setting is immediate', async () => {
    const { tenantId, domain, member } = await freshTenant(t, 'Alpha University');
    const pi = await member({ firstName: 'Pia', permissions: ['create_idea'] });
    const offMember = await member();
    const dailyMember = await member();
    await offMember.client.call('PUT', '/notification-settings', { email: { interest: 'off' } });
    await dailyMember.client.call('PUT', '/notification-settings', {
      email: { interest: 'daily' },
    });
    const actor = await makeUser(t.db, tenantId, { firstName: 'Paula' });
    const disabled = await makeUser(t.db, tenantId, { isDisabled: true });
    const pending = await makeUser(t.db, tenantId, { adminStatusId: 1 });
    const ideaId = await postIdea(t, pi.client.cookie, { title: 'Solar glass' });
    const notice: Notice = {
      kind: 'interest',
      actorId: actor.id,
      ideaId,
      text: 'Paula Member expressed interest in “Solar glass”',
      link: `/ideas/${ideaId}#interest`,
    };
    const everyone = [pi, offMember, dailyMember, actor, disabled, pending].map((u) => u.id);
    expect(await notifyNow(tenantId, everyone, notice)).toBe(true);

    const [mail] = await smtp.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(1);
    expect(mail?.to).toMatchObject({ text: pi.email });
    expect(mail?.subject).toBe(notice.text);
    expect(mail?.text).toContain('Hi Pia,');
    expect(mail?.text).toContain(`/ideas/${ideaId}?tenant=${domain}#interest`);
    expect(mail?.html).toContain('Alpha University');
    expect(header(mail as ParsedMail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const listUnsubscribe = header(mail as ParsedMail, 'list-unsubscribe') ?? '';
    const oneClick = listUnsubscribe.match(/^<(http:\/\/\S+\/api\/v1\/unsubscribe\?token=(\S+))>$/);
    expect(oneClick).not.toBeNull();
    const token = decodeURIComponent(oneClick?.[2] ?? '');
    expect(createUnsubscribeTokens(t.deps.config.secretKey).verify(token)).toEqual({
      tenantId,
      userId: pi.id,
      kinds: ['interest'],
    });
    const screen = mail?.text?.match(/(http:\/\/\S+\/unsubscribe\?\S+)/)?.[1] ?? '';
    const screenUrl = new URL(screen);
    expect(screenUrl.searchParams.get('token')).toBe(token);
    expect(screenUrl.searchParams.get('tenant')).toBe(domain);

    // A digest later takes only what no mail carried.
    expect(await mailedAt(tenantId, pi.id)).toEqual([at.toISOString()]);
    for (const other of [offMember, dailyMember, disabled, pending]) {
      expect(await mailedAt(tenantId, other.id)).toEqual([null]);
    }
    expect(await mailedAt(tenantId, actor.id)).toEqual([]);
  });

  it('mails the principal investigator at once when a partner expresses interest in their idea', async () => {
    const { admin, domain, member } = await freshTenant(t, 'Alpha University');
    const pi = await member({ firstName: 'Pia', permissions: ['create_idea'] });
    const partner = await member({ firstName: 'Paula', lastName: 'Partner' });
    await admin.call('PUT', '/notification-settings', { email: { interest: 'daily' } });
    const ideaId = await postIdea(t, pi.client.cookie, { title: 'Solar glass' });
    const asked = await partner.client.call('POST', `/ideas/${ideaId}/interest`, {
      kind: 'licensing',
      message: 'We would license this.',
    });
    expect(asked.status).toBe(201);
    const [mail] = await smtp.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(1);
    expect(mail?.to).toMatchObject({ text: pi.email });
    expect(mail?.subject).toBe('Paula Partner expressed interest in “Solar glass”: licensing');
    expect(mail?.text).toContain(`/ideas/${ideaId}?tenant=${domain}#interest`);
    expect(header(mail as ParsedMail, 'list-unsubscribe')).toMatch(
      /\/api\/v1\/unsubscribe\?token=/,
    );
  });

  it('tells administrators of an invitation request in one notification mail each, with its unsubscribe', async () => {
    const { tenantId, domain } = await freshTenant(t, 'Alpha University');
    const asked = await t.request(
      '/api/v1/request-invitation',
      jsonInit('POST', {
        tenant_id: tenantId,
        first_name: 'Lise',
        last_name: 'Meitner',
        email: 'lise@alpha.edu',
        role_id: 3,
        linkedin_url: 'https://www.linkedin.com/in/lise',
      }),
    );
    expect(asked.status).toBe(201);
    await smtp.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const toAdmin = smtp.received.filter(
      (mail) => mail.to && 'text' in mail.to && mail.to.text === `admin@${domain}`,
    );
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]?.subject).toMatch(/^Lise Meitner asked to join as /);
    expect(toAdmin[0]?.text).toContain(`/admin/requests?tenant=${domain}`);
    expect(header(toAdmin[0] as ParsedMail, 'list-unsubscribe-post')).toBe(
      'List-Unsubscribe=One-Click',
    );
  });

  it("unsubscribes with the mail's one-click, without a session, from another origin", async () => {
    const { tenantId, member } = await freshTenant(t);
    const pi = await member();
    const actor = await makeUser(t.db, tenantId);
    const notice: Notice = {
      kind: 'interest_update',
      actorId: actor.id,
      ideaId: null,
      text: 'Your request was answered',
      link: '/my-interest',
    };
    await notifyNow(tenantId, [pi.id], notice);
    const [mail] = await smtp.waitFor(1);
    const oneClick = header(mail as ParsedMail, 'list-unsubscribe')?.slice(1, -1) ?? '';
    const url = new URL(oneClick);
    const res = await t.request(`${url.pathname}${url.search}`, {
      method: 'POST',
      headers: {
        origin: 'https://webmail.example',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: m.unsubscribed, kinds: ['interest_update'] });
    const settings = await (await pi.client.call('GET', '/notification-settings')).json();
    expect(settings.email).toEqual({ ...defaultMailFrequency, interest_update: 'off' });

    smtp.received.length = 0;
    await notifyNow(tenantId, [pi.id], notice);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received).toHaveLength(0);
  });

  it('refuses a missing, malformed, forged or orphaned token with 400 and changes nothing', async () => {
    const { tenantId, member } = await freshTenant(t);
    const grace = await member();
    const forged = createUnsubscribeTokens('another-secret-key-that-is-long-enough-0').sign({
      tenantId,
      userId: grace.id,
      kinds: ['comment'],
    });
    const signed = createUnsubscribeTokens(t.deps.config.secretKey);
    const nobody = signed.sign({ tenantId, userId: 2_000_000_000, kinds: ['comment'] });
    for (const token of ['nonsense', 'u1.a.b', forged, nobody]) {
      const res = await unsubscribeCall(token);
      expect(res.status).toBe(400);
      expect((await res.json()).details).toEqual([{ field: 'token', error: m.tokenInvalid }]);
    }
    const empty = await t.request('/api/v1/unsubscribe', { method: 'POST' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).details).toEqual([{ field: 'token', error: m.tokenRequired }]);
    const settings = await (await grace.client.call('GET', '/notification-settings')).json();
    expect(settings.email).toEqual(defaultMailFrequency);
  });

  it("keeps tenants apart: a token is refused under another tenant, and one member's settings are theirs", async () => {
    const alpha = await freshTenant(t, 'Alpha University');
    const beta = await freshTenant(t, 'Beta University');
    const ann = await alpha.member();
    const ben = await beta.member();
    const kinds: NotificationKind[] = ['comment', 'idea_updated'];
    const token = createUnsubscribeTokens(t.deps.config.secretKey).sign({
      tenantId: alpha.tenantId,
      userId: ann.id,
      kinds,
    });
    const elsewhere = await unsubscribeCall(token, {}, beta.tenantId);
    expect(elsewhere.status).toBe(400);
    expect((await elsewhere.json()).details).toEqual([
      { field: 'token', error: m.tokenOtherTenant },
    ]);
    expect((await (await ann.client.call('GET', '/notification-settings')).json()).email).toEqual(
      defaultMailFrequency,
    );

    const here = await unsubscribeCall(token, {}, alpha.tenantId);
    expect(here.status).toBe(200);
    const off = { ...defaultMailFrequency, comment: 'off', idea_updated: 'off' };
    expect((await (await ann.client.call('GET', '/notification-settings')).json()).email).toEqual(
      off,
    );
    await beta.admin.call('PUT', '/notification-settings', { email: { interest: 'off' } });
    expect((await (await ben.client.call('GET', '/notification-settings')).json()).email).toEqual(
      defaultMailFrequency,
    );
    expect((await (await ann.client.call('GET', '/notification-settings')).json()).email).toEqual(
      off,
    );
  });

  it('refuses a client address past 60 unsubscribes a minute with 429', async () => {
    const statuses = [];
    for (let n = 0; n < 61; n++) {
      const res = await unsubscribeCall('nonsense', {
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(60).fill(400), 429]);
  });
});
