import { limits } from '@kindling/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeTenant, makeUser } from '../../test/factories.ts';
import {
  getJson,
  type Member,
  makeMember,
  postIdea,
  setCaseManager,
} from '../ideas/test-fixtures.ts';

interface Expert {
  id: number;
  matched_on: string[];
}

/** CONTRACT §7: GET /search, experts for an idea and similar ideas. */
describe('search, experts and similar ideas', () => {
  let t: TestApp;
  let tenantId: number;
  let author: Member;
  let manager: Member;
  let idea: number;
  let twin: number;
  let unrelated: number;
  let chemist: number;
  let inactive: number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ tenantId } = await makeTenant(t.db, 'Matching University'));
    author = await makeMember(t, tenantId, {
      firstName: 'Lena',
      lastName: 'Voss',
      headline: 'Lithium electrolytes and batteries',
    });
    manager = await makeMember(t, tenantId, { headline: 'Batteries, electrolytes, lithium' });
    idea = await postIdea(t, author.cookie, {
      title: 'Safer Lithium Batteries',
      introduction: 'Ceramic electrolytes stop fires in batteries.',
    });
    await setCaseManager(t, tenantId, idea, manager.id);
    twin = await postIdea(t, author.cookie, {
      title: 'Ceramic electrolyte for lithium cells',
      introduction: 'Batteries that do not burn.',
    });
    unrelated = await postIdea(t, author.cookie, { title: 'Bird song archive' });
    chemist = (
      await makeUser(t.db, tenantId, {
        firstName: 'Ravi',
        headline: 'Ceramic electrolyte chemist',
        publications: [{ title: 'Lithium battery safety', authors: 'R. Rao' }],
      })
    ).id;
    await makeUser(t.db, tenantId, { headline: 'Ornithologist' });
    inactive = (await makeUser(t.db, tenantId, { headline: 'Lithium batteries', adminStatusId: 1 }))
      .id;
    for (let n = 0; n < 7; n++) {
      await makeUser(t.db, tenantId, { headline: `Battery researcher ${n}` });
    }
  });
  afterAll(() => t.close());

  it('suggests active members by the idea, never its leader or case manager', async () => {
    const { status, body } = await getJson(t, `/ideas/${idea}/experts`, author.cookie);
    expect(status).toBe(200);
    const users = (body as { users: Expert[] }).users;
    expect(users.length).toBe(limits.matchLimitDefault);
    expect(users[0]?.id).toBe(chemist);
    const ids = users.map((u) => u.id);
    expect(ids).not.toContain(author.id);
    expect(ids).not.toContain(manager.id);
    expect(ids).not.toContain(inactive);
    expect(users[0]?.matched_on).toEqual(
      expect.arrayContaining(['Lithium', 'Batteries', 'Ceramic', 'electrolytes']),
    );
    const { body: more } = await getJson(t, `/ideas/${idea}/experts?limit=20`, author.cookie);
    expect((more as { users: Expert[] }).users.length).toBe(8);
  });

  it('never suggests the viewer to themselves, though others see them', async () => {
    const viewer = await makeMember(t, tenantId, { headline: 'Ceramic electrolytes for lithium' });
    // Joined behind this process's back: a write here (any idea) forgets the experts it kept.
    await postIdea(t, author.cookie, { title: 'Bird bath fountains' });
    const expertIds = async (cookie: string, limit = 20) => {
      const { status, body } = await getJson(t, `/ideas/${idea}/experts?limit=${limit}`, cookie);
      expect(status).toBe(200);
      return (body as { users: Expert[] }).users.map((u) => u.id);
    };
    const all = await expertIds(author.cookie);
    expect(all).toContain(viewer.id);
    const seen = await expertIds(viewer.cookie);
    expect(seen).toEqual(all.filter((id) => id !== viewer.id));
    // A page that would hold the viewer is filled by the next best.
    const upTo = all.indexOf(viewer.id) + 1;
    expect(await expertIds(viewer.cookie, upTo)).toEqual(seen.slice(0, upTo));
  });

  it('keeps who the experts are, reading their cards and standing fresh', async () => {
    const subject = await postIdea(t, author.cookie, { title: 'Tidal turbine blades' });
    const expertIds = async () => {
      const { status, body } = await getJson(t, `/ideas/${subject}/experts`, author.cookie);
      return { status, ids: (body as { users?: Expert[] }).users?.map((u) => u.id) };
    };
    expect(await expertIds()).toEqual({ status: 200, ids: [] });
    const engineer = (await makeUser(t.db, tenantId, { headline: 'Tidal turbine engineer' })).id;
    // Joined behind this process's back (as through another one): not yet among those kept.
    expect((await expertIds()).ids).toEqual([]);
    // A write here that can change them (an idea, a profile, a member's standing) forgets them.
    await postIdea(t, author.cookie, { title: 'Bird feeders' });
    expect((await expertIds()).ids).toEqual([engineer]);
    // Disabled behind this process's back: the kept list still names them, the read does not.
    await t.db.execute(
      sql`update users set is_disabled = true where tenant_id = ${tenantId} and id = ${engineer}`,
    );
    expect((await expertIds()).ids).toEqual([]);
    await t.db.execute(sql`delete from ideas where tenant_id = ${tenantId} and id = ${subject}`);
    expect((await expertIds()).status).toBe(404);
  });

  it('names a hyphenated word of the idea whole, once, never by a fragment such as "Non"', async () => {
    const glucose = await postIdea(t, author.cookie, {
      title: 'Non-invasive glucose monitoring',
      introduction: 'A patch reads glucose through the skin.',
    });
    const nurse = (await makeUser(t.db, tenantId, { headline: 'Non-invasive glucose sensors' })).id;
    const { body } = await getJson(t, `/ideas/${glucose}/experts`, author.cookie);
    const users = (body as { users: Expert[] }).users;
    expect(users.find((u) => u.id === nurse)?.matched_on).toEqual(['Non-invasive', 'glucose']);
  });

  /**
   * In a tenant of its own, a member posts `idea` beside members of these headlines: their ids,
   * and the idea's experts with the words each matched on, best first.
   */
  const expertsAmong = async (name: string, idea: Record<string, unknown>, headlines: string[]) => {
    const { tenantId: own } = await makeTenant(t.db, name);
    const writer = await makeMember(t, own);
    const id = await postIdea(t, writer.cookie, idea);
    const members: number[] = [];
    for (const headline of headlines) members.push((await makeUser(t.db, own, { headline })).id);
    const { body } = await getJson(t, `/ideas/${id}/experts?limit=20`, writer.cookie);
    const experts = (body as { users: Expert[] }).users.map((u) => [u.id, u.matched_on] as const);
    return { writer, id, members, experts };
  };

  it('never matches by a prefix the idea only writes before a hyphen, as "non" of "Non-invasive"', async () => {
    const { writer, id, members, experts } = await expertsAmong(
      'Prefix University',
      {
        title: 'Non-invasive glucose sensor',
        introduction: 'A patch reads glucose through the skin.',
      },
      ['Non-profit outreach', 'Invasive species', 'Glucose sensor design'],
    );
    const [, ecologist, engineer] = members;
    expect(experts).toEqual([
      [engineer, ['glucose', 'sensor']],
      [ecologist, ['Non-invasive']],
    ]);
    await postIdea(t, writer.cookie, { title: 'Non-profit food bank' });
    const strips = await postIdea(t, writer.cookie, { title: 'Glucose test strips' });
    const { body: similar } = await getJson(t, `/ideas/${id}/similar`, writer.cookie);
    expect((similar as { ideas: { id: number }[] }).ideas.map((i) => i.id)).toEqual([strips]);
  });

  it('keeps a first part that is no prefix, and a prefix the idea also writes alone', async () => {
    const { members, experts } = await expertsAmong(
      'Graphene University',
      {
        title: 'Graphene-based cross-linked gels',
        introduction: 'Gels that cross the skin barrier.',
      },
      ['Graphene chemistry', 'Cross-border trade'],
    );
    const [chemist, trader] = members;
    expect(experts).toEqual(
      expect.arrayContaining([
        [chemist, ['Graphene-based']],
        [trader, ['cross']],
      ]),
    );
  });

  it('finds similar ideas, never the idea itself', async () => {
    const { status, body } = await getJson(t, `/ideas/${idea}/similar`, author.cookie);
    expect(status).toBe(200);
    const ids = (body as { ideas: { id: number }[] }).ideas.map((i) => i.id);
    expect(ids).toEqual([twin]);
    expect(ids).not.toContain(unrelated);
  });

  it('keeps which ideas are similar, shows a new one at once, and never a removed one', async () => {
    const similarIds = async (to: number) => {
      const { status, body } = await getJson(t, `/ideas/${to}/similar`, author.cookie);
      return { status, ids: (body as { ideas?: { id: number }[] }).ideas?.map((i) => i.id) };
    };
    const subject = await postIdea(t, author.cookie, { title: 'Solar glass coating' });
    const close = await postIdea(t, author.cookie, { title: 'Coating for solar glass panels' });
    const first = await similarIds(subject);
    expect(first.status).toBe(200);
    expect(first.ids?.[0]).toBe(close);
    // Posted here, it forgets what it kept.
    const closer = await postIdea(t, author.cookie, {
      title: 'Solar glass coating',
      introduction: 'A solar glass coating.',
    });
    expect((await similarIds(subject)).ids).toEqual(expect.arrayContaining([closer, close]));
    // Removed behind this process's back (as by another one): the kept list still names it, yet
    // the cards are read fresh, and the idea itself gone answers 404.
    await t.db.execute(sql`delete from ideas where tenant_id = ${tenantId} and id = ${closer}`);
    expect((await similarIds(subject)).ids).toEqual(first.ids);
    await t.db.execute(sql`delete from ideas where tenant_id = ${tenantId} and id = ${subject}`);
    expect((await similarIds(subject)).status).toBe(404);
  });

  it('answers a limit out of range with 400 and an unknown idea with 404', async () => {
    for (const path of ['experts', 'similar']) {
      for (const limit of ['21', '0', 'x']) {
        const { status, body } = await getJson(
          t,
          `/ideas/${idea}/${path}?limit=${limit}`,
          author.cookie,
        );
        expect(status).toBe(400);
        expect(JSON.stringify(body)).toContain('limit');
      }
      expect((await getJson(t, `/ideas/999999/${path}`, author.cookie)).status).toBe(404);
    }
  });

  it('gives quick results of both kinds with the counts of the lists', async () => {
    const { status, body } = await getJson(t, '/search?q=batteries', author.cookie);
    expect(status).toBe(200);
    const { body: ideaCount } = await getJson(t, '/ideas/count?q=batteries', author.cookie);
    const { body: peopleCount } = await getJson(t, '/users/count?q=batteries', author.cookie);
    expect(body.idea_count).toBe(ideaCount.total_count);
    expect(body.people_count).toBe(peopleCount.total_count);
    expect(body.idea_count).toBe(2);
    expect(body.people_count).toBe(10);
    expect(body.ideas).toHaveLength(2);
    expect(body.people).toHaveLength(limits.quickResults);
    // The quick box shows titles and names; the lists and tabs carry the highlights.
    expect(body.ideas[0]).not.toHaveProperty('highlights');
    expect(body.people[0]).not.toHaveProperty('highlights');
    const { body: tab } = await getJson(t, '/search?q=batteries&type=ideas', author.cookie);
    expect(tab.ideas[0].highlights.join(' ')).toContain('<mark>');
  });

  it('pages one kind with type', async () => {
    const { body } = await getJson(
      t,
      '/search?q=battery&type=people&page_size=4&page=3',
      author.cookie,
    );
    expect(body).toMatchObject({ page: 3, total_pages: 3, total_count: 10 });
    expect(body.users).toHaveLength(2);
    const { body: ideas } = await getJson(t, '/search?q=lithium&type=ideas', author.cookie);
    expect(ideas).toMatchObject({ page: 1, total_pages: 1, total_count: 2 });
    expect((await getJson(t, '/search?q=battery&type=people&page=9', author.cookie)).status).toBe(
      404,
    );
  });

  it('answers a missing, empty or bad q with 400, and only operators with nothing', async () => {
    for (const query of [
      '',
      'q=',
      'q=%20%20',
      `q=${'x'.repeat(201)}`,
      'q=a%00b',
      'q=x&type=all2',
    ]) {
      const { status } = await getJson(t, `/search?${query}`, author.cookie);
      expect(status, query).toBe(400);
    }
    const { status, body } = await getJson(
      t,
      `/search?q=${encodeURIComponent('&|!():*\'"')}`,
      author.cookie,
    );
    expect(status).toBe(200);
    expect(body).toEqual({ ideas: [], people: [], idea_count: 0, people_count: 0 });
  });
});
