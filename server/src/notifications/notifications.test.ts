import { notificationMessages } from '@kindling/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { jsonInit } from '../../test/factories.ts';
import { freshTenant, type Member } from '../../test/fixtures.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import { notify } from './notify.ts';

const start = Date.parse('2026-03-02T09:00:00Z');

describe('GET /notifications and POST /notifications/read (CONTRACT §9)', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof world>>;

  /** Writes `count` notifications for `recipient`, one a minute from `start`, n = 1 the oldest. */
  async function notices(
    tenantId: number,
    recipient: Member,
    count: number,
    actorId: number | null,
  ) {
    await t.db.transaction(async (tx) => {
      await bindTenant(tx, tenantId);
      for (let n = 1; n <= count; n++) {
        await notify(
          tx,
          null,
          tenantId,
          [recipient.id],
          { kind: 'comment', actorId, ideaId: null, text: `Notice ${n}`, link: `/ideas/${n}` },
          new Date(start + n * 60_000),
        );
      }
    });
  }

  async function world() {
    const tenant = await freshTenant(t);
    const reader = await tenant.member();
    const actor = await tenant.member({ firstName: 'Ada', lastName: 'Lovelace' });
    const neighbour = await tenant.member();
    const other = await freshTenant(t, 'Other University');
    const stranger = await other.member();
    await notices(tenant.tenantId, reader, 5, actor.id);
    await notices(tenant.tenantId, neighbour, 1, null);
    await notices(other.tenantId, stranger, 1, null);
    const list = async (who: Member, query = '') => {
      const res = await who.client.call('GET', `/notifications${query}`);
      return { status: res.status, body: await res.json() };
    };
    const read = (who: Member, body: unknown) =>
      who.client.call('POST', '/notifications/read', body);
    return { ...tenant, reader, actor, neighbour, other, stranger, list, read };
  }

  beforeAll(async () => {
    t = await createTestApp();
    w = await world();
  });
  afterAll(() => t.close());

  it('lists only the caller’s own, newest first, with the actor and the unread count', async () => {
    const { status, body } = await w.list(w.reader, '?page_size=2');
    expect(status).toBe(200);
    expect(body).toEqual({
      notifications: [
        {
          id: expect.any(Number),
          kind: 'comment',
          created_at: '2026-03-02T09:05:00.000Z',
          read_at: null,
          text: 'Notice 5',
          link: '/ideas/5',
          actor: { id: w.actor.id, first_name: 'Ada', last_name: 'Lovelace' },
        },
        expect.objectContaining({ text: 'Notice 4' }),
      ],
      unread_count: 5,
      page: 1,
      total_pages: 3,
    });
    const last = await w.list(w.reader, '?page_size=2&page=3');
    expect(last.body.notifications.map((n: { text: string }) => n.text)).toEqual(['Notice 1']);
    expect((await w.list(w.reader, '?page_size=2&page=4')).status).toBe(404);
    const neighbour = await w.list(w.neighbour);
    expect(neighbour.body).toMatchObject({ unread_count: 1, total_pages: 1 });
    expect(neighbour.body.notifications[0]).toMatchObject({ text: 'Notice 1', actor: null });
    const fresh = await w.member();
    expect((await w.list(fresh)).body).toEqual({
      notifications: [],
      unread_count: 0,
      page: 1,
      total_pages: 0,
    });
  });

  it('marks named ones read, ignoring ids that are not the caller’s, and lists the unread alone', async () => {
    const page = (await w.list(w.reader)).body.notifications as { id: number; text: string }[];
    const byText = (text: string) => page.find((n) => n.text === text)?.id as number;
    const theirs = (await w.list(w.neighbour)).body.notifications[0].id;
    const foreign = (await w.list(w.stranger)).body.notifications[0].id;
    const res = await w.read(w.reader, {
      ids: [byText('Notice 5'), byText('Notice 3'), theirs, foreign],
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ unread_count: 3 });
    expect((await w.list(w.neighbour)).body.unread_count).toBe(1);
    expect((await w.list(w.stranger)).body.unread_count).toBe(1);

    const unread = await w.list(w.reader, '?unread=true');
    expect(unread.body.notifications.map((n: { text: string }) => n.text)).toEqual([
      'Notice 4',
      'Notice 2',
      'Notice 1',
    ]);
    expect(unread.body).toMatchObject({ unread_count: 3, total_pages: 1 });
    const all = (await w.list(w.reader)).body.notifications;
    expect(all[0]).toMatchObject({ text: 'Notice 5', read_at: expect.stringMatching(/Z$/) });

    // Marking again changes nothing; all marks the rest, and the neighbour's stay unread.
    expect(await (await w.read(w.reader, { ids: [byText('Notice 5')] })).json()).toEqual({
      unread_count: 3,
    });
    expect(await (await w.read(w.reader, { all: true })).json()).toEqual({ unread_count: 0 });
    expect((await w.list(w.reader, '?unread=true')).body).toMatchObject({
      notifications: [],
      total_pages: 0,
    });
    expect((await w.list(w.neighbour)).body.unread_count).toBe(1);
    expect((await w.list(w.stranger)).body.unread_count).toBe(1);
  });

  it('refuses bad input with 400 and a field error, and a caller without a session with 401', async () => {
    for (const query of ['?page=0', '?page_size=101', '?unread=yes', '?page=x']) {
      expect((await w.list(w.reader, query)).status, query).toBe(400);
    }
    const cases: [unknown, string, string][] = [
      [{}, 'ids', notificationMessages.markReadWhich],
      [{ ids: [1], all: true }, 'ids', notificationMessages.markReadWhich],
      [{ all: false }, 'all', notificationMessages.markReadWhich],
      [{ ids: [] }, 'ids', notificationMessages.idsInvalid],
      [{ ids: 'all' }, 'ids', notificationMessages.idsInvalid],
      [{ ids: [0] }, 'ids.0', notificationMessages.idsInvalid],
      [{ ids: ['1'] }, 'ids.0', notificationMessages.idsInvalid],
      [{ ids: [2_147_483_648] }, 'ids.0', notificationMessages.idsInvalid],
      [
        { ids: Array.from({ length: 101 }, (_, n) => n + 1) },
        'ids',
        notificationMessages.idsInvalid,
      ],
    ];
    for (const [body, field, error] of cases) {
      const res = await w.read(w.reader, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).details, JSON.stringify(body)).toContainEqual({ field, error });
    }
    expect((await t.request('/api/v1/notifications')).status).toBe(401);
    const anonymous = await t.request(
      '/api/v1/notifications/read',
      jsonInit('POST', { all: true }),
    );
    expect(anonymous.status).toBe(401);
  });
});
