import { DIGEST_FREQUENCY_MESSAGE, type NotificationKind } from '@kindling/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { freshTenant } from '../../test/fixtures.ts';
import { mailsTo } from '../../test/mail.ts';
import { notificationSettings, notifications } from '../db/schema-notifications.ts';
import { users } from '../db/schema-people.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { AUTHOR_PERMISSIONS, makeMember, postIdea } from '../ideas/test-fixtures.ts';
import { notify } from '../notifications/notify.ts';
import { createUnsubscribeTokens } from '../notifications/unsubscribe-token.ts';

describe('daily and weekly digests (CONTRACT §9)', () => {
  let t: TestApp;
  /** The schedule's test moves the clock; until then it is the real one, as sessions expect. */
  let clock: Date | null = null;
  beforeAll(async () => {
    t = await createTestApp();
    t.deps.now = () => clock ?? new Date();
  });
  afterAll(() => t.close());

  /** A tenant with an author of two ideas and members to notify. */
  async function world() {
    const tenant = await freshTenant(t);
    const author = await makeMember(t, tenant.tenantId, { firstName: 'Ann', lastName: 'Author' });
    const solar = await postIdea(t, author.cookie, { title: 'Solar roofs' });
    const wind = await postIdea(t, author.cookie, { title: 'Wind kites' });
    const member = (firstName: string) =>
      makeMember(t, tenant.tenantId, { firstName, permissions: AUTHOR_PERMISSIONS });
    /** A notification written as the causing change would write it, at a given time. */
    const note = (
      recipientId: number,
      kind: NotificationKind,
      text: string,
      at: string,
      ideaId: number | null = solar,
    ) =>
      inTenant(t.db, tenant.tenantId, (tx) =>
        notify(
          tx,
          null,
          tenant.tenantId,
          [recipientId],
          { kind, actorId: author.id, ideaId, text, link: `/ideas/${ideaId ?? 0}#comments` },
          new Date(at),
        ),
      );
    const unmailed = (recipientId: number) =>
      inTenant(t.db, tenant.tenantId, (tx) =>
        tx
          .select({ text: notifications.text })
          .from(notifications)
          .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.mailedAt)))
          .orderBy(notifications.text),
      );
    const send = (frequency: unknown, cookie = tenant.admin.cookie) =>
      t.request('/api/v1/admin/digests', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ frequency }),
      });
    return { ...tenant, author, solar, wind, member, note, unmailed, send };
  }

  it('gathers unread notifications of the frequency into one mail per member, grouped by idea, newest first', async () => {
    const w = await world();
    const rita = await w.member('Rita');
    const wes = await w.member('Wes');
    const gone = await w.member('Gone');
    await w.note(
      rita.id,
      'comment',
      'Ann commented on “Solar roofs” (first)',
      '2026-11-26T09:00:00Z',
    );
    await w.note(
      rita.id,
      'comment',
      'Ann commented on “Wind kites”',
      '2026-11-26T09:30:00Z',
      w.wind,
    );
    await w.note(
      rita.id,
      'comment',
      'Ann commented on “Solar roofs” (last)',
      '2026-11-26T10:00:00Z',
    );
    await w.note(rita.id, 'interest', 'Immediate: an interest request', '2026-11-26T10:05:00Z');
    await w.note(
      rita.id,
      'idea_updated',
      'Weekly: Wind kites was edited',
      '2026-11-26T10:10:00Z',
      w.wind,
    );
    await w.note(rita.id, 'comment', 'Read already', '2026-11-26T10:20:00Z');
    await w.note(wes.id, 'comment', 'Wes mails comments weekly', '2026-11-26T11:00:00Z');
    await w.note(gone.id, 'comment', 'Disabled: never mailed', '2026-11-26T11:00:00Z');
    await inTenant(t.db, w.tenantId, async (tx) => {
      await tx
        .update(notifications)
        .set({ readAt: new Date('2026-11-26T12:00:00Z') })
        .where(eq(notifications.text, 'Read already'));
      await tx
        .insert(notificationSettings)
        .values({ tenantId: w.tenantId, userId: wes.id, kind: 'comment', frequency: 'weekly' });
      await tx.update(users).set({ isDisabled: true }).where(eq(users.id, gone.id));
    });

    const daily = await w.send('daily');
    expect(daily.status).toBe(200);
    expect(await daily.json()).toEqual({ sent: 1 });
    const [mail, ...more] = await mailsTo(t.db, w.tenantId, rita.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Your daily digest from Test University: 3 new notifications');
    const text = mail?.textBody ?? '';
    // The idea with the newest notification first, and the newest first within it.
    const order = [
      'Solar roofs',
      '(last)',
      '(first)',
      'Wind kites\n',
      'Ann commented on “Wind kites”',
    ].map((part) => text.indexOf(part));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).not.toContain('Immediate');
    expect(text).not.toContain('Weekly');
    expect(text).not.toContain('Read already');
    expect(text).toContain(`/ideas/${w.solar}?tenant=${w.domain}#comments`);

    // One-click unsubscribe of every kind it gathered, in the headers and the body.
    const headers = mail?.headers as Record<string, string>;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const token = decodeURIComponent(
      /\/api\/v1\/unsubscribe\?token=([^>]+)>/.exec(headers['List-Unsubscribe'] ?? '')?.[1] ?? '',
    );
    expect(createUnsubscribeTokens(t.deps.config.secretKey).verify(token)).toEqual({
      tenantId: w.tenantId,
      userId: rita.id,
      kinds: ['comment'],
    });
    expect(text).toContain(`/unsubscribe?token=${encodeURIComponent(token)}&tenant=${w.domain}`);
    expect(mail?.htmlBody).toContain('Solar roofs');

    // Those three are mailed; nothing is sent twice, and an empty digest is not sent.
    expect((await w.unmailed(rita.id)).map((n) => n.text)).toEqual([
      'Immediate: an interest request',
      'Read already',
      'Weekly: Wind kites was edited',
    ]);
    expect(await (await w.send('daily')).json()).toEqual({ sent: 0 });
    expect(await mailsTo(t.db, w.tenantId, gone.email)).toEqual([]);

    // The weekly digest: Rita's edited idea (by default) and Wes's comments (by his setting).
    expect(await (await w.send('weekly')).json()).toEqual({ sent: 2 });
    const [weekly] = await mailsTo(t.db, w.tenantId, wes.email);
    expect(weekly?.subject).toBe('Your weekly digest from Test University: 1 new notification');
    expect(await w.unmailed(wes.id)).toEqual([]);
  });

  it('refuses members (403), other input (400) and callers without a session (401)', async () => {
    const w = await world();
    const rita = await w.member('Rita');
    expect((await w.send('daily', rita.cookie)).status).toBe(403);
    for (const frequency of ['immediate', 'hourly', undefined, 7]) {
      const res = await w.send(frequency);
      expect(res.status).toBe(400);
      expect((await res.json()).details).toEqual([
        { field: 'frequency', error: DIGEST_FREQUENCY_MESSAGE },
      ]);
    }
    const anonymous = await t.request('/api/v1/admin/digests', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"frequency":"daily"}',
    });
    expect(anonymous.status).toBe(401);
  });

  it("sends only the administrator's own tenant's digests", async () => {
    const a = await world();
    const b = await world();
    const rita = await a.member('Rita');
    await a.note(rita.id, 'comment', 'In tenant A', '2026-11-26T09:00:00Z');
    expect(await (await b.send('daily')).json()).toEqual({ sent: 0 });
    expect(await a.unmailed(rita.id)).toEqual([{ text: 'In tenant A' }]);
    expect(await mailsTo(t.db, a.tenantId, rita.email)).toEqual([]);
  });

  it('the schedule sends each digest once, at 08:00 in the tenant’s time zone', async () => {
    const w = await world();
    const put = await t.request('/api/v1/admin/settings', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: w.admin.cookie },
      body: JSON.stringify({ time_zone: 'Asia/Tokyo' }),
    });
    expect(put.status).toBe(200);
    const rita = await w.member('Rita');
    // 07:59 in Tokyo (UTC+9) on the 28th: the 27th's digest is caught up, with nothing in it.
    clock = new Date('2026-11-27T22:59:00Z');
    await t.scheduler.tick();
    await w.note(rita.id, 'comment', 'Overnight comment', '2026-11-27T22:30:00Z');
    await t.scheduler.tick();
    expect(await mailsTo(t.db, w.tenantId, rita.email)).toEqual([]);
    clock = new Date('2026-11-27T23:00:00Z');
    await t.scheduler.tick();
    await t.scheduler.tick();
    const mails = await mailsTo(t.db, w.tenantId, rita.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Your daily digest from Test University: 1 new notification',
    ]);
    expect(mails[0]?.textBody).toContain('(28 Nov 2026, 07:30)');
  });
});
