import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeSchool, makeTenant } from '../../test/factories.ts';
import { queryCount } from '../db/rows.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import { countIdeas, FeedCounts } from './feed-counts.ts';
import {
  getJson,
  insertIdeas,
  type Member,
  makeMember,
  recordStatements,
  supportIds,
} from './test-fixtures.ts';

/** A statement that counts ideas (a feed page's cards count their followers inside it). */
const counting = (text: string) => /^\s*select count\(/.test(text);

/**
 * The filtered feed's counts are kept in the process until the tenant's version moves (decision
 * 0046). Every write here goes straight to the database, past the app, as another server process's
 * would: only the version in the database can tell the app that its kept counts are stale.
 */
describe('the filtered feed’s kept counts', () => {
  let t: TestApp;
  let tenantId: number;
  let viewer: Member;
  let engineer: Member;
  let historian: Member;
  let engineering: number;
  let humanities: number;
  let funding: number;
  let mentorship: number;
  let engineerIdeas: number[];

  const countOf = async (query: string, member = viewer) =>
    (await getJson(t, `/ideas/count?${query}`, member.cookie)).body.total_count as number;
  /** The feed's own total: with a page of one idea, total_pages is the count. */
  const pagesOf = async (query: string) =>
    (await getJson(t, `/ideas?page_size=1&${query}`, viewer.cookie)).body.total_pages as number;
  /** What the ideas themselves count now, read past every cache. */
  const truth = async (where: SQL) =>
    t.db.transaction(async (tx) => {
      await bindTenant(tx, tenantId);
      return queryCount(
        tx,
        sql`select count(*)::int as n from ideas i where i.tenant_id = ${tenantId} and ${where}`,
      );
    });
  const write = (statement: SQL) =>
    t.db.transaction(async (tx) => {
      await bindTenant(tx, tenantId);
      await tx.execute(statement);
    });

  beforeAll(async () => {
    t = await createTestApp();
    ({ tenantId } = await makeTenant(t.db, 'Alpha University'));
    engineering = (await makeSchool(t.db, tenantId, 'Engineering')).id;
    humanities = (await makeSchool(t.db, tenantId, 'Humanities')).id;
    [funding, mentorship] = (await supportIds(t, tenantId)) as [number, number];
    viewer = await makeMember(t, tenantId);
    engineer = await makeMember(t, tenantId, { schoolId: engineering });
    historian = await makeMember(t, tenantId, { schoolId: humanities });
    engineerIdeas = await insertIdeas(t, tenantId, engineer.id, 6, { supportId: funding });
    await insertIdeas(t, tenantId, historian.id, 4, { supportId: mentorship, minutesAgo: 10 });
  });
  afterAll(() => t.close());

  const bySchool = () => `school_id=${engineering}`;
  const bySupport = () => `support_id=${funding}`;
  const both = () => `school_id=${engineering}&support_id=${funding}`;
  const inEngineering = () => sql`i.pi_school_id = ${engineering}`;
  const seekingFunding = () =>
    sql`exists (select 1 from idea_supports s where s.tenant_id = i.tenant_id
      and s.idea_id = i.id and s.support_id = ${funding})`;

  it('counts a filter once, then answers it from the tally’s version alone', async () => {
    expect(await countOf(both())).toBe(6);
    const recorded = recordStatements(t);
    expect(await countOf(both())).toBe(6);
    expect(await pagesOf(both())).toBe(6);
    recorded.stop();
    expect(recorded.statements.some(counting)).toBe(false);
    expect(recorded.statements.filter((text) => /from idea_tallies/.test(text))).toHaveLength(2);
  });

  it('keys a count by its ids, in any order', async () => {
    expect(await countOf(`school_id=${engineering},${humanities}`)).toBe(10);
    expect(await countOf(`school_id=${humanities},${engineering}`)).toBe(10);
    expect(await countOf(`school_id=${humanities}`)).toBe(4);
  });

  it('is exact after ideas are added and removed elsewhere', async () => {
    await countOf(bySchool());
    await insertIdeas(t, tenantId, engineer.id, 3, { supportId: funding, minutesAgo: 20 });
    expect(await countOf(bySchool())).toBe(await truth(inEngineering()));
    expect(await countOf(bySchool())).toBe(9);
    expect(await pagesOf(both())).toBe(9);
    await write(sql`delete from ideas where tenant_id = ${tenantId} and id = ${engineerIdeas[0]}`);
    expect(await countOf(bySchool())).toBe(8);
    expect(await pagesOf(both())).toBe(8);
  });

  it('is exact after support types sought change elsewhere', async () => {
    const before = await countOf(bySupport());
    const idea = engineerIdeas[1] as number;
    await write(sql`delete from idea_supports where tenant_id = ${tenantId} and idea_id = ${idea}`);
    expect(await countOf(bySupport())).toBe(before - 1);
    expect(await countOf(both())).toBe(before - 1);
    await write(sql`insert into idea_supports (tenant_id, idea_id, support_id)
      values (${tenantId}, ${idea}, ${funding})`);
    expect(await countOf(bySupport())).toBe(before);
    expect(await countOf(bySupport())).toBe(await truth(seekingFunding()));
  });

  it('is exact after an idea or its investigator moves school elsewhere', async () => {
    const before = await countOf(bySchool());
    await write(sql`update ideas set principal_investigator_id = ${historian.id}
      where tenant_id = ${tenantId} and id = ${engineerIdeas[2]}`);
    expect(await countOf(bySchool())).toBe(before - 1);
    expect(await countOf(`school_id=${humanities}`)).toBe(
      await truth(sql`i.pi_school_id = ${humanities}`),
    );
    await write(sql`update users set school_id = ${humanities}
      where tenant_id = ${tenantId} and id = ${engineer.id}`);
    expect(await countOf(bySchool())).toBe(0);
    expect(await countOf(`idea_owner_id=${engineer.id}&school_id=${humanities}`)).toBe(
      await truth(sql`i.principal_investigator_id = ${engineer.id}`),
    );
  });

  it('keeps its counts through writes that change none', async () => {
    expect(await countOf(bySupport())).toBe(await truth(seekingFunding()));
    await write(sql`update ideas set title = 'Renamed' where tenant_id = ${tenantId}
      and id = ${engineerIdeas[3]}`);
    const recorded = recordStatements(t);
    await countOf(bySupport());
    recorded.stop();
    expect(recorded.statements.some(counting)).toBe(false);
  });

  it('counts the following feed afresh: it is the viewer’s follows', async () => {
    const following = `following=true&${bySupport()}`;
    expect(await countOf(following)).toBe(0);
    await write(sql`insert into follows (tenant_id, user_id, idea_id)
      values (${tenantId}, ${viewer.id}, ${engineerIdeas[4]})`);
    expect(await countOf(following)).toBe(1);
    expect(await countOf(following, engineer)).toBe(0);
  });

  it('never keeps a count made inside a transaction that rolled back', async () => {
    const counts = new FeedCounts();
    const filters = {
      following: false,
      support_id: undefined,
      school_id: [humanities],
      department_id: undefined,
      idea_owner_id: undefined,
      q: undefined,
    };
    const committed = await truth(sql`i.pi_school_id = ${humanities}`);
    await t.db
      .transaction(async (tx) => {
        await bindTenant(tx, tenantId);
        await tx.execute(sql`delete from ideas where tenant_id = ${tenantId}
          and pi_school_id = ${humanities}`);
        expect(await countIdeas(tx, counts, tenantId, viewer.id, filters)).toBe(0);
        throw new Error('roll back');
      })
      .catch(() => {});
    await insertIdeas(t, tenantId, viewer.id, 1);
    expect(await countIdeas(t.db, counts, tenantId, viewer.id, filters)).toBe(committed);
  });

  it('keeps each tenant’s counts apart', async () => {
    const other = await makeTenant(t.db, 'Beta University');
    const [otherSupport] = (await supportIds(t, other.tenantId)) as [number];
    const stranger = await makeMember(t, other.tenantId);
    expect(await countOf(bySupport())).toBe(await truth(seekingFunding()));
    // Another tenant's ids match nothing here, kept or not, and ours nothing there.
    expect(await countOf(bySupport(), stranger)).toBe(0);
    expect(await countOf(`support_id=${otherSupport}`)).toBe(0);
    await insertIdeas(t, other.tenantId, stranger.id, 2, { supportId: otherSupport });
    expect(await countOf(`support_id=${otherSupport}`, stranger)).toBe(2);
    expect(await countOf(`support_id=${otherSupport}`)).toBe(0);
    const expected = await truth(seekingFunding());
    const recorded = recordStatements(t);
    expect(await countOf(bySupport())).toBe(expected);
    recorded.stop();
    expect(recorded.statements.some(counting)).toBe(false);
  });
});
