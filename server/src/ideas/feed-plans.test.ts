import { status } from '@kindling/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeTenant } from '../../test/factories.ts';
import { requestPlans } from '../../test/plans.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import { insertIdeas, type Member, makeMember } from './test-fixtures.ts';

/** Enough rows that a plan reading the whole table costs many times a page (decision 0026). */
const IDEAS = 4_000;
const PEOPLE = 4_000;
const PAGE = 10;

describe("the hot pages' plans read a page's rows, as the app prepares them", () => {
  let t: TestApp;
  let tenantId: number;
  let viewer: Member;

  beforeAll(async () => {
    t = await createTestApp();
    ({ tenantId } = await makeTenant(t.db, 'Plans University'));
    viewer = await makeMember(t, tenantId);
    await insertIdeas(t, tenantId, viewer.id, IDEAS);
    await t.db.transaction(async (tx) => {
      await bindTenant(tx, tenantId);
      await tx.execute(sql`
        insert into users (tenant_id, email, first_name, last_name, role_id,
                           admin_status_id, user_status_id)
        select ${tenantId}, 'member' || n || '@plans.test', 'Member', 'Number ' || n, 1,
               ${status.approved}, ${status.approved}
        from generate_series(1, ${PEOPLE}) n`);
    });
    await t.db.execute(sql`analyze ideas, users`);
    // Seeding 8,000 rows takes seconds alone, and minutes on a machine busy with other work.
  }, 300_000);
  afterAll(() => t.close());

  /** The statement of a request that matches `pick`, explained with the plans its route uses. */
  async function planOf(url: string, pick: RegExp, plans: 'generic' | 'custom') {
    const [plan] = await requestPlans(t, { tenantId, cookie: viewer.cookie }, url, pick, plans);
    if (!plan) throw new Error(`no statement of ${url} matches ${pick}`);
    return plan;
  }

  const lastIdeas = Math.ceil(IDEAS / PAGE);
  const lastPeople = Math.ceil((PEOPLE + 2) / PAGE);
  it.each([
    ["the feed's first page", `/ideas?page=1&page_size=${PAGE}`, /^with page as/],
    ["the feed's last page", `/ideas?page=${lastIdeas}&page_size=${PAGE}`, /^with page as/],
    ['the middle of the feed', `/ideas?page=${lastIdeas / 2}&page_size=${PAGE}`, /^with page as/],
    [
      "the directory's first page",
      `/users?page=1&page_size=${PAGE}`,
      /from \(select "id" from "users"/,
    ],
    [
      "the directory's last page",
      `/users?page=${lastPeople}&page_size=${PAGE}`,
      /from \(select "id" from "users"/,
    ],
  ])('%s, generic plan', async (_, url, pick) => {
    const reading = await planOf(url, pick, 'generic');
    // Each card reads its idea, people, roles, supports and follows: a few rows per card. The
    // middle page skips half the index, which only the offset can do.
    const budget = url.includes(`page=${lastIdeas / 2}&`) ? IDEAS / 2 + PAGE : PAGE * 10;
    expect(reading.rowsRead, reading.widest).toBeLessThanOrEqual(budget);
    expect(reading.jit).toBe(false);
  });

  // Every idea's title holds 'bulk' and every member's name 'member': the ranked function cuts
  // the page, and the page's cards must be read by key, not the whole table hashed to join them
  // (decision 0055). Keyword requests plan custom.
  it.each([
    ['a keyword page of ideas', `/ideas?page=1&page_size=${PAGE}&q=bulk`],
    ['a keyword page of people', `/users?page=1&page_size=${PAGE}&q=member`],
    ['quick results', '/search?q=bulk'],
    ["search's people tab", `/search?q=member&type=people&page_size=${PAGE}`],
  ])('%s, custom plan', async (_, url) => {
    const readings = await requestPlans(
      t,
      { tenantId, cookie: viewer.cookie },
      url,
      /^with query as materialized/,
      'custom',
    );
    expect(readings.length).toBeGreaterThan(0);
    for (const reading of readings) {
      expect(reading.rowsRead, reading.widest).toBeLessThanOrEqual(PAGE * 10);
    }
  });
});
