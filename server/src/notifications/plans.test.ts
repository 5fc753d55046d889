import { status } from '@kindling/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { jsonInit, makeTenant } from '../../test/factories.ts';
import { requestPlans } from '../../test/plans.ts';
import { queryRows } from '../db/client.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import { type Member, makeMember } from '../ideas/test-fixtures.ts';

/** CONTRACT §9's scale: a member with 10,000 notifications, a third of them unread. */
const NOTIFICATIONS = 10_000;
const PAGE = 10;
const NEIGHBOURS = 50;

describe("the notifications' reads walk their indexes, as the app prepares them", () => {
  let t: TestApp;
  let tenantId: number;
  let member: Member;

  beforeAll(async () => {
    t = await createTestApp();
    ({ tenantId } = await makeTenant(t.db, 'Plans University'));
    member = await makeMember(t, tenantId);
    await t.db.transaction(async (tx) => {
      await bindTenant(tx, tenantId);
      // Fifty neighbours with 20,000 between them, so a plan that reads the tenant's rows shows.
      await tx.execute(sql`
        insert into users (tenant_id, email, first_name, last_name, role_id,
                           admin_status_id, user_status_id)
        select ${tenantId}, 'neighbour' || n || '@plans.test', 'Neighbour', 'Number ' || n, 1,
               ${status.approved}, ${status.approved}
        from generate_series(1, ${NEIGHBOURS}) n`);
      const insert = (recipients: ReturnType<typeof sql>, count: number) =>
        tx.execute(sql`
          insert into notifications (tenant_id, recipient_id, kind, actor_id, text, link,
                                     created_at, read_at)
          select ${tenantId}, r.id, 'comment', ${member.id}, 'Notice ' || n, '/ideas/1',
                 now() - make_interval(mins => n),
                 case when n % 3 = 0 then null else now() end
          from generate_series(1, ${count}) n cross join (${recipients}) r`);
      await insert(sql`select ${member.id}::int as id`, NOTIFICATIONS);
      await insert(
        sql`select id from users where tenant_id = ${tenantId} and email like 'neighbour%'`,
        (2 * NOTIFICATIONS) / NEIGHBOURS,
      );
    });
    await t.db.execute(sql`vacuum analyze notifications`);
  }, 300_000);
  afterAll(() => t.close());

  /** The plans of the request's statements on notifications and their tally, in order. */
  const plansOf = (url: string) =>
    requestPlans(t, { tenantId, cookie: member.cookie }, url, /"?notification/, 'generic');

  const unread = Math.floor(NOTIFICATIONS / 3);
  it.each([
    ['the first page', `/notifications?page=1&page_size=${PAGE}`, 'notifications_recipient_idx', 1],
    [
      'the last page',
      `/notifications?page=${NOTIFICATIONS / PAGE}&page_size=${PAGE}`,
      'notifications_recipient_idx',
      2,
    ],
    [
      'the first unread page',
      `/notifications?unread=true&page_size=${PAGE}`,
      'notifications_unread_idx',
      1,
    ],
  ])(
    '%s reads a page of its index and one tally row, in %s statement(s)',
    async (_, url, index, statements) => {
      const plans = await plansOf(url);
      expect(plans).toHaveLength(statements);
      const scans = plans.flatMap((plan) => plan.scans);
      const tally = scans.filter((s) => s.name.includes('notification_tallies'));
      expect(
        tally.reduce((sum, s) => sum + s.rows, 0),
        JSON.stringify(scans),
      ).toBeLessThanOrEqual(1);
      // The page's window on its index, then the page's rows and their actors alone.
      const onIndex = scans.find((s) => s.name.includes(index));
      expect(onIndex?.rows, JSON.stringify(scans)).toBeLessThanOrEqual(PAGE);
      const total = plans.reduce((sum, plan) => sum + plan.totalRows, 0);
      expect(total, JSON.stringify(scans)).toBeLessThanOrEqual(PAGE * 4 + 1);
      expect(plans.some((plan) => plan.jit)).toBe(false);
    },
  );

  // Last: it reads them all.
  it('keeps the tally right through bulk inserts, reading, and a neighbour removed', async () => {
    const read = async () =>
      (await (
        await t.request('/api/v1/notifications?page_size=1', { headers: { cookie: member.cookie } })
      ).json()) as { unread_count: number; total_pages: number };
    expect(await read()).toMatchObject({ unread_count: unread, total_pages: NOTIFICATIONS });
    const marked = await t.request(
      '/api/v1/notifications/read',
      jsonInit('POST', { all: true }, member.cookie),
    );
    expect(await marked.json()).toEqual({ unread_count: 0 });
    expect(await read()).toMatchObject({ unread_count: 0, total_pages: NOTIFICATIONS });
    const tallies = await t.db.transaction(async (tx) => {
      await bindTenant(tx, tenantId);
      await tx.execute(
        sql`delete from users where tenant_id = ${tenantId} and email = 'neighbour1@plans.test'`,
      );
      return queryRows(
        tx,
        sql`
        select count(*)::int as wrong from notification_tallies t
        left join (select recipient_id, count(*) as n,
                          count(*) filter (where read_at is null) as u
                   from notifications where tenant_id = ${tenantId} group by recipient_id) c
          on c.recipient_id = t.user_id
        where t.tenant_id = ${tenantId}
          and (t.total <> coalesce(c.n, 0) or t.unread <> coalesce(c.u, 0))`,
        z.strictObject({ wrong: z.number() }),
      );
    });
    expect(tallies).toEqual([{ wrong: 0 }]);
  });
});
