import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeSchool, makeTenant } from '../../test/factories.ts';
import { queryCount } from '../db/rows.ts';
import { ideas } from '../db/schema-ideas.ts';
import { departments } from '../db/schema-reference.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import { SOURCE_LIMITS } from './recommendations.ts';
import {
  getJson,
  insertIdeas,
  type Member,
  makeMember,
  postIdea,
  recordStatements,
  supportIds,
} from './test-fixtures.ts';

const DAY_MS = 86_400_000;
const idsOf = (body: { ideas: { id: number }[] }) => body.ideas.map((idea) => idea.id);

describe('GET /recommendations/ideas', () => {
  let t: TestApp;
  let tenantId: number;
  let member: Member;
  const idea: Record<string, number> = {};

  /** Posts through the API as `author`, then dates the idea `days` back. */
  const ideaBy = async (author: Member, days: number, body: Record<string, unknown>) => {
    const id = await postIdea(t, author.cookie, body);
    await t.db.transaction(async (tx) => {
      await bindTenant(tx, tenantId);
      await tx
        .update(ideas)
        .set({ createdAt: new Date(Date.now() - days * DAY_MS) })
        .where(and(eq(ideas.tenantId, tenantId), eq(ideas.id, id)));
    });
    return id;
  };
  const position = (order: number[], key: string) => order.indexOf(idea[key] as number);

  beforeAll(async () => {
    t = await createTestApp();
    ({ tenantId } = await makeTenant(t.db, 'Alpha University'));
    const science = (await makeSchool(t.db, tenantId, 'Science')).id;
    const arts = (await makeSchool(t.db, tenantId, 'Arts')).id;
    const [physics, biology] = await t.db.transaction(async (tx) => {
      await bindTenant(tx, tenantId);
      const rows = await tx
        .insert(departments)
        .values([
          { tenantId, schoolId: science, name: 'Physics' },
          { tenantId, schoolId: science, name: 'Biology' },
        ])
        .returning({ id: departments.id });
      return rows.map((row) => row.id);
    });
    const [funding] = await supportIds(t, tenantId);
    member = await makeMember(t, tenantId, {
      schoolId: science,
      departmentId: physics,
      headline: 'Solar battery storage',
      bio: '<p>I build <strong>perovskite</strong> cells.</p>',
    });
    const physicist = await makeMember(t, tenantId, { schoolId: science, departmentId: physics });
    const biologist = await makeMember(t, tenantId, { schoolId: science, departmentId: biology });
    const artist = await makeMember(t, tenantId, { schoolId: arts });

    idea.department = await ideaBy(physicist, 10, { title: 'Greenhouse irrigation scheduler' });
    idea.school = await ideaBy(biologist, 10, { title: 'Bridge inspection drones' });
    idea.text = await ideaBy(artist, 10, { title: 'Cheaper solar battery storage' });
    idea.supported = await ideaBy(artist, 10, {
      title: 'Theatre lighting',
      support_ids: [funding],
    });
    // Posted last of its age: it wins ties, so each signal above must earn its idea's place.
    idea.unrelated = await ideaBy(artist, 10, { title: 'Medieval manuscript archive' });
    idea.recent = await ideaBy(artist, 0, { title: 'Library opening hours app' });
    idea.film = await ideaBy(artist, 30, { title: 'Film restoration' });
    idea.followed = await ideaBy(artist, 60, { title: 'Orchestra tuning', support_ids: [funding] });
    idea.own = await ideaBy(member, 0, {
      title: 'Perovskite solar battery storage',
      introduction: 'Thin films that hold their charge',
    });
    const res = await t.request(`/api/v1/ideas/${idea.followed}/follow`, {
      method: 'POST',
      headers: { cookie: member.cookie },
    });
    expect(res.status).toBe(200);
  });
  afterAll(() => t.close());

  const ranked = async () => {
    const { status, body } = await getJson(
      t,
      '/recommendations/ideas?page_size=100',
      member.cookie,
    );
    expect(status).toBe(200);
    return idsOf(body);
  };

  it('puts the member’s own ideas last, however well they match', async () => {
    const order = await ranked();
    expect(order).toHaveLength(Object.keys(idea).length);
    expect(order.at(-1)).toBe(idea.own);
  });

  it('ranks a colleague of the same department first, then the same school, above an unrelated idea', async () => {
    const order = await ranked();
    expect(order[0]).toBe(idea.department);
    expect(position(order, 'school')).toBeLessThan(position(order, 'unrelated'));
  });

  it('ranks text matching the profile above an unrelated idea of the same age', async () => {
    const order = await ranked();
    expect(position(order, 'text')).toBeLessThan(position(order, 'unrelated'));
    expect(position(order, 'text')).toBeLessThan(position(order, 'recent'));
  });

  it('ranks support types of followed ideas above an unrelated idea of the same age', async () => {
    const order = await ranked();
    expect(position(order, 'supported')).toBeLessThan(position(order, 'unrelated'));
  });

  it('ranks a new idea above an unrelated older one', async () => {
    const order = await ranked();
    expect(position(order, 'recent')).toBeLessThan(position(order, 'unrelated'));
  });

  it('pages through the ranking: same order, page past the end 404', async () => {
    const order = await ranked();
    const pages: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const { body } = await getJson(
        t,
        `/recommendations/ideas?page=${page}&page_size=3`,
        member.cookie,
      );
      expect(body.page).toBe(page);
      expect(body.total_pages).toBe(3);
      pages.push(...idsOf(body));
    }
    expect(pages).toEqual(order);
    const past = await getJson(t, '/recommendations/ideas?page=4&page_size=3', member.cookie);
    expect(past.status).toBe(404);
    const bad = await getJson(t, '/recommendations/ideas?page_size=101', member.cookie);
    expect(bad.status).toBe(400);
  });

  it('answers the cards like GET /ideas', async () => {
    const { body } = await getJson(t, '/recommendations/ideas?page_size=100', member.cookie);
    const followed = body.ideas.find((card: { id: number }) => card.id === idea.followed);
    expect(followed).toMatchObject({
      title: 'Orchestra tuning',
      is_following: true,
      follower_count: 1,
      principal_investigator: { role_name: 'Student' },
    });
  });

  it('names, on each card, the member’s own words its idea holds', async () => {
    const { body } = await getJson(t, '/recommendations/ideas?page_size=100', member.cookie);
    const interestsOf = (key: string) =>
      body.ideas.find((card: { id: number }) => card.id === idea[key]).matched_interests;
    // 'Cheaper solar battery storage' against the headline 'Solar battery storage'.
    expect(interestsOf('text')).toEqual(['solar', 'battery', 'storage']);
    // The bio's words count, its markup does not: 'perovskite' is in <strong>.
    // At most five, in the order the member wrote them; a capital that began a sentence lowered.
    expect(interestsOf('own')).toEqual(['solar', 'battery', 'storage', 'perovskite', 'thin']);
    // Words of the member's own ideas count too: 'Film restoration' against their 'films'.
    expect(interestsOf('film')).toEqual(['films']);
    expect(interestsOf('unrelated')).toEqual([]);
    expect(interestsOf('department')).toEqual([]);
  });

  it('names a hyphenated word whole, never by a fragment such as "Non", nor takes it as an interest', async () => {
    const other = await makeTenant(t.db, 'Hyphen University');
    const reader = await makeMember(t, other.tenantId, { headline: 'Non-invasive imaging' });
    // "non" written only before a hyphen is no interest: nothing of theirs matches the idea.
    const charity = await makeMember(t, other.tenantId, { headline: 'Non-profit outreach' });
    const author = await makeMember(t, other.tenantId);
    const id = await postIdea(t, author.cookie, { title: 'Non-invasive glucose imaging' });
    const interests = async (member: Member) => {
      const { body } = await getJson(t, '/recommendations/ideas', member.cookie);
      return body.ideas.find((c: { id: number }) => c.id === id).matched_interests;
    };
    expect(await interests(reader)).toEqual(['non-invasive', 'imaging']);
    expect(await interests(charity)).toEqual([]);
  });

  it('is empty for an empty tenant and still answers a lone own idea', async () => {
    const other = await makeTenant(t.db, 'Empty University');
    const loner = await makeMember(t, other.tenantId, { headline: 'Anything' });
    expect((await getJson(t, '/recommendations/ideas', loner.cookie)).body).toEqual({
      ideas: [],
      page: 1,
      total_pages: 0,
    });
    const own = await postIdea(t, loner.cookie);
    const { body } = await getJson(t, '/recommendations/ideas', loner.cookie);
    expect(idsOf(body)).toEqual([own]);
  });

  it('ranks a bounded pool, in a fixed number of statements', async () => {
    const other = await makeTenant(t.db, 'Busy University');
    const author = await makeMember(t, other.tenantId);
    const reader = await makeMember(t, other.tenantId);
    await insertIdeas(t, other.tenantId, author.id, SOURCE_LIMITS.recent + 50);
    const count = async (pageSize: number) => {
      const recorder = recordStatements(t);
      try {
        const { status, body } = await getJson(
          t,
          `/recommendations/ideas?page_size=${pageSize}`,
          reader.cookie,
        );
        expect(status).toBe(200);
        expect(body.total_pages).toBe(Math.ceil(SOURCE_LIMITS.recent / pageSize));
        return recorder.statements.length;
      } finally {
        recorder.stop();
      }
    };
    const ranking = await count(1);
    expect(ranking).toBeLessThanOrEqual(7);
    // The ranking is kept a while: the next pages read only their cards.
    expect(await count(100)).toBe(ranking - 2);
    // A new idea voids the tenant's rankings.
    await postIdea(t, author.cookie);
    expect(await count(1)).toBe(ranking);
    const filled = await t.db.transaction(async (tx) => {
      await bindTenant(tx, other.tenantId);
      return queryCount(
        tx,
        sql`select count(*)::int as n from ideas where tenant_id = ${other.tenantId}`,
      );
    });
    expect(filled).toBe(SOURCE_LIMITS.recent + 51);
  });
});
