import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeTenant } from '../../test/factories.ts';
import { requestPlans } from '../../test/plans.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import { insertIdeas, type Member, makeMember } from '../ideas/test-fixtures.ts';

/** CONTRACT §9's scale: an idea with 1,000 comments beside one with 10, in a busy tenant. */
const MANY = 1_000;
const FEW = 10;
const PAGE = 10;
/** Other ideas' comments, so a plan that reads the tenant's comments shows. */
const ELSEWHERE = 20_000;

describe("an idea's comments are paged on their index, in one statement", () => {
  let t: TestApp;
  let tenantId: number;
  let member: Member;
  let ideas: { many: number; few: number };

  beforeAll(async () => {
    t = await createTestApp();
    ({ tenantId } = await makeTenant(t.db, 'Comment Plans University'));
    member = await makeMember(t, tenantId);
    const [many = 0, few = 0, ...others] = await insertIdeas(t, tenantId, member.id, 22);
    ideas = { many, few };
    await t.db.transaction(async (tx) => {
      await bindTenant(tx, tenantId);
      const insert = (ideaIds: number[], count: number) =>
        tx.execute(sql`
          insert into comments (tenant_id, idea_id, author_id, body, created_at)
          select ${tenantId}, i, ${member.id}, 'Comment ' || n, now() - make_interval(mins => n)
          from generate_series(1, ${count}) n
          cross join unnest(${`{${ideaIds.join(',')}}`}::int[]) i`);
      await insert([many], MANY);
      await insert([few], FEW);
      await insert(others, ELSEWHERE / others.length);
    });
    await t.db.execute(sql`vacuum analyze comments, comment_tallies`);
  }, 300_000);
  afterAll(() => t.close());

  const plansOf = (url: string) =>
    requestPlans(t, { tenantId, cookie: member.cookie }, url, /comment/, 'generic');

  const comments = (idea: 'many' | 'few', page: number) =>
    `/ideas/${ideas[idea]}/comments?page=${page}&page_size=${PAGE}`;

  it.each([
    ['the first page of 10', 'few', 1],
    ['the first page of 1,000', 'many', 1],
    ['the last page of 1,000', 'many', MANY / PAGE],
    ['a page in the middle of 1,000', 'many', MANY / PAGE / 2],
  ] as const)('%s reads its window of the index and its own rows', async (_, idea, page) => {
    const plans = await plansOf(comments(idea, page));
    expect(plans).toHaveLength(1);
    const [plan] = plans;
    const scans = plan?.scans ?? [];
    expect(
      scans.some((s) => s.name === 'Seq Scan on comments'),
      JSON.stringify(scans),
    ).toBe(false);
    // No page skips more than half the idea's comments (ideas/paging.ts), whatever the tenant has.
    const window = scans.find((s) => s.name.includes('comments_idea_idx'));
    const skipped = Math.min(page - 1, MANY / PAGE - page) * PAGE;
    expect(window?.rows, JSON.stringify(scans)).toBeLessThanOrEqual(skipped + PAGE);
    const total = plan?.totalRows ?? Number.POSITIVE_INFINITY;
    expect(total, JSON.stringify(scans)).toBeLessThanOrEqual(skipped + PAGE * 6);
  });

  it('answers the right rows from either end of the list', async () => {
    const bodies = async (page: number) => {
      const res = await t.request(`/api/v1${comments('many', page)}`, {
        headers: { cookie: member.cookie },
      });
      const answer = (await res.json()) as { comments: { body: string }[]; total_pages: number };
      expect(answer.total_pages).toBe(MANY / PAGE);
      return answer.comments.map((c) => c.body);
    };
    // Comment n was written n minutes ago, so the oldest is Comment 1,000.
    const expected = (from: number) =>
      Array.from({ length: PAGE }, (_, i) => `Comment ${MANY - from - i}`);
    expect(await bodies(1)).toEqual(expected(0));
    expect(await bodies(MANY / PAGE)).toEqual(expected(MANY - PAGE));
    expect(await bodies(MANY / PAGE / 2 + 1)).toEqual(expected(MANY / 2));
  });
});
