import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeTenant } from '../../test/factories.ts';
import { explainAsApp } from '../../test/plans.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import { type Member, makeMember, recordStatements } from '../ideas/test-fixtures.ts';

/** CONTRACT §9's scale: a member with 10,000 notifications, a third of them unread. */
const NOTIFICATIONS = 10_000;
const PAGE = 10;

describe("the notifications' reads walk their indexes, as the app prepares them", () => {
  let t: TestApp;
  let tenantId: number;
  let member: Member;

  beforeAll(async () => {
    t = await createTestApp();
    ({ tenantId } = await makeTenant(t.db, 'Plans University'));
    member = await makeMember(t, tenantId);
    const neighbour = await makeMember(t, tenantId);
    await t.db.transaction(async (tx) => {
      await bindTenant(tx, tenantId);
      // The neighbour's as many again, so a plan that reads the tenant's rows shows.
      await tx.execute(sql`
        insert into notifications (tenant_id, recipient_id, kind, actor_id, text, link, created_at,
                                   read_at)
        select ${tenantId}, r, 'comment', ${neighbour.id}, 'Notice ' || n, '/ideas/1',
               now() - make_interval(mins => n),
               case when n % 3 = 0 then null else now() end
        from generate_series(1, ${NOTIFICATIONS}) n,
             unnest(array[${member.id}, ${neighbour.id}]::int[]) r`);
    });
    await t.db.execute(sql`vacuum analyze notifications`);
  }, 300_000);
  afterAll(() => t.close());

  async function plansOf(url: string) {
    const recorder = recordStatements(t);
    try {
      const res = await t.request(`/api/v1${url}`, { headers: { cookie: member.cookie } });
      expect(res.status).toBe(200);
    } finally {
      recorder.stop();
    }
    const of = async (pick: RegExp) => {
      const statement = recorder.withValues.find((s) => pick.test(s.text));
      if (!statement) throw new Error(`no statement of ${url} matches ${pick}`);
      return explainAsApp(t.db, tenantId, statement, 'generic');
    };
    return {
      unreadCount: await of(/^select count\(\*\).*read_at is null/s),
      page: await of(/^with page as/),
    };
  }

  const unread = Math.ceil(NOTIFICATIONS / 3);
  it.each([
    ['the first page', `/notifications?page=1&page_size=${PAGE}`, 'notifications_recipient_idx'],
    [
      'the last page',
      `/notifications?page=${NOTIFICATIONS / PAGE}&page_size=${PAGE}`,
      'notifications_recipient_idx',
    ],
    [
      'the first unread page',
      `/notifications?unread=true&page_size=${PAGE}`,
      'notifications_unread_idx',
    ],
  ])(
    '%s reads a page of its index, and the unread count the unread index alone',
    async (_, url, index) => {
      const { unreadCount, page } = await plansOf(url);
      expect(unreadCount.widest).toContain('notifications_unread_idx');
      expect(unreadCount.rowsRead).toBeLessThanOrEqual(unread);
      expect(page.widest).toContain(index);
      expect(page.rowsRead, page.widest).toBeLessThanOrEqual(PAGE * 3);
      expect(page.jit).toBe(false);
    },
  );
});
