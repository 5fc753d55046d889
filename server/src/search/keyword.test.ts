import { limits } from '@kindling/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeSchool, makeTenant, makeUser } from '../../test/factories.ts';
import { queryRows } from '../db/client.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { getJson, type Member, makeMember, postIdea } from '../ideas/test-fixtures.ts';
import { IDEAS, searchQuery } from './corpus.ts';

interface Result {
  id: number;
  highlights?: string[];
}

/** CONTRACT §7: `q` on the idea and people lists and counts. */
describe('keyword search of ideas and people', () => {
  let t: TestApp;
  let author: Member;
  let other: Member;
  let tenantId: number;
  const idea = {} as Record<'title' | 'problem' | 'script' | 'sensor' | 'censor', number>;
  const person = {} as Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    ({ tenantId } = await makeTenant(t.db, 'Keyword University'));
    const school = await makeSchool(t.db, tenantId, 'School of Electrochemistry');
    author = await makeMember(t, tenantId, { firstName: 'Ana', lastName: 'Müller' });
    other = await makeMember(t, tenantId, { firstName: 'Omar', lastName: 'Reyes' });
    idea.title = await postIdea(t, author.cookie, {
      title: 'Solid-state battery for drones',
      introduction: 'Lighter cells that fly longer.',
      patents: ['US 9,876,543 B2'],
      urls: [{ url: 'https://example.edu/a', title: 'Electrolyte review' }],
    });
    idea.problem = await postIdea(t, other.cookie, {
      title: 'Water filter',
      introduction: 'Clean water for villages.',
      problem: 'Battery packs of the pumps leak.',
    });
    idea.script = await postIdea(t, other.cookie, {
      title: '<script>alert(1)</script> gauge',
      introduction: `A battery gauge & more. ${'Filler words keep going on and on. '.repeat(12)} The battery again.`,
      problem: `${'Battery '.repeat(3)}${'padding text here. '.repeat(20)} battery ${'more padding here. '.repeat(20)} battery`,
    });
    idea.sensor = await postIdea(t, other.cookie, { title: 'Sensor mesh for bridges' });
    idea.censor = await postIdea(t, other.cookie, { title: 'Censor list for forums' });
    person.name = author.id;
    person.headline = (await makeUser(t.db, tenantId, { headline: 'Photonics engineer' })).id;
    person.bio = (
      await makeUser(t.db, tenantId, { bio: '<p>I grow <strong>perovskite</strong> crystals.</p>' })
    ).id;
    person.school = (await makeUser(t.db, tenantId, { schoolId: school.id })).id;
    const section = async (column: string, value: unknown) =>
      (await makeUser(t.db, tenantId, { [column]: value })).id;
    person.experience = await section('experience', [
      { title: 'Glaciologist', organization: 'Polar Institute', description: '' },
    ]);
    person.education = await section('education', [
      { institution: 'Uppsala University', degree: 'PhD', activities: '' },
    ]);
    person.patents = await section('patents', [{ title: 'Ferrofluid seal', patent_number: 'X1' }]);
    person.projects = await section('projects', [{ title: 'Mycelium bricks', description: '' }]);
    person.publications = await section('publications', [
      { title: 'Tardigrade survival', authors: 'Kowalczyk, P.' },
    ]);
    person.grants = await section('grants', [
      { title: 'Exoplanet survey', organization: 'Space Agency', grant_number: 'G-77' },
    ]);
    person.inactive = (
      await makeUser(t.db, tenantId, { headline: 'Photonics lead', userStatusId: 1 })
    ).id;
    person.disabled = (
      await makeUser(t.db, tenantId, { headline: 'Photonics lead', isDisabled: true })
    ).id;
  });
  afterAll(() => t.close());

  const ideas = async (query: string) => {
    const { status, body } = await getJson(t, `/ideas?${query}`, author.cookie);
    expect(status).toBe(200);
    return (body as { ideas: Result[] }).ideas;
  };
  const ideaIds = async (q: string, extra = '') =>
    (await ideas(`q=${encodeURIComponent(q)}${extra}`)).map((i) => i.id);
  const people = async (q: string, extra = '') => {
    const { status, body } = await getJson(
      t,
      `/users?q=${encodeURIComponent(q)}${extra}`,
      author.cookie,
    );
    expect(status).toBe(200);
    return (body as { users: Result[] }).users;
  };
  const personIds = async (q: string, extra = '') => (await people(q, extra)).map((u) => u.id);

  it('needs every word, in any case, accents and inflection', async () => {
    expect(await ideaIds('battery drones')).toEqual([idea.title]);
    expect(await ideaIds('BATTERY DRONES')).toEqual([idea.title]);
    expect(await ideaIds('batteries drone')).toEqual([idea.title]);
    expect(await ideaIds('muller')).toEqual([idea.title]);
    expect(await ideaIds('Müller')).toEqual([idea.title]);
    expect(await ideaIds('battery villages drones')).toEqual([]);
  });

  it('finds an idea by its patent number, a link title and its principal investigator', async () => {
    expect(await ideaIds('US 9,876,543 B2')).toEqual([idea.title]);
    expect(await ideaIds('9876543')).toEqual([idea.title]);
    expect(await ideaIds('US9876543B2')).toEqual([idea.title]);
    expect(await ideaIds('electrolyte')).toEqual([idea.title]);
    expect(await ideaIds('ana muller')).toEqual([idea.title]);
  });

  it('forgives one typo in a word of five letters or more, only when nothing matches exactly', async () => {
    expect((await ideaIds('batery')).sort()).toEqual(
      [idea.title, idea.problem, idea.script].sort(),
    );
    expect(await ideaIds('electrolite')).toEqual([idea.title]);
    expect(await ideaIds('censor')).toEqual([idea.censor]);
    expect(await ideaIds('sensor')).toEqual([idea.sensor]);
    expect(await ideaIds('sensr')).toEqual([idea.sensor]);
    expect(await ideaIds('batxx')).toEqual([]);
  });

  it('orders by relevance with q, and by date when sort_order is given', async () => {
    const relevant = await ideaIds('battery');
    expect(relevant).toHaveLength(3);
    expect(relevant.indexOf(idea.title)).toBeLessThan(relevant.indexOf(idea.problem));
    expect(await ideaIds('battery', '&sort_order=asc')).toEqual([
      idea.title,
      idea.problem,
      idea.script,
    ]);
    expect(await ideaIds('battery', '&sort_order=desc')).toEqual([
      idea.script,
      idea.problem,
      idea.title,
    ]);
  });

  it('gives escaped highlights with marks, at most three of at most 200 characters', async () => {
    const [found] = await ideas(`q=gauge`);
    const marks = found?.highlights ?? [];
    expect(marks.join(' ')).toContain('script&gt;alert(1)&lt;/script&gt; <mark>gauge</mark>');
    expect(marks.join(' ')).not.toContain('<script');
    const many = (await ideas('q=battery')).find((i) => i.id === idea.script);
    expect(many?.highlights?.length).toBeGreaterThan(0);
    for (const text of many?.highlights ?? []) {
      expect(text.length).toBeLessThanOrEqual(limits.highlightChars);
      expect(text).toMatch(/<mark>[Bb]attery<\/mark>/);
      expect(text.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    }
    expect(many?.highlights?.length).toBeLessThanOrEqual(limits.highlights);
    expect((await ideas('page=1')).every((i) => i.highlights === undefined)).toBe(true);
  });

  it('counts what the list lists, with the other filters too', async () => {
    const { body } = await getJson(t, '/ideas/count?q=battery', author.cookie);
    expect(body).toEqual({ total_count: 3 });
    const { body: page } = await getJson(t, '/ideas?q=battery&page_size=2', author.cookie);
    expect(page.total_pages).toBe(2);
    const owned = await ideaIds('battery', `&idea_owner_id=${other.id}`);
    expect(owned.sort()).toEqual([idea.problem, idea.script].sort());
    const { body: ownedCount } = await getJson(
      t,
      `/ideas/count?q=battery&idea_owner_id=${other.id}`,
      author.cookie,
    );
    expect(ownedCount).toEqual({ total_count: 2 });
    expect((await getJson(t, '/ideas?q=battery&page=3&page_size=2', author.cookie)).status).toBe(
      404,
    );
  });

  it('finds active members by every part of their profile', async () => {
    expect(await personIds('muller')).toEqual([person.name]);
    expect(await personIds('photonics')).toEqual([person.headline]);
    expect(await personIds('perovskite')).toEqual([person.bio]);
    expect(await personIds('electrochemistry')).toEqual([person.school]);
    expect(await personIds('glaciologist')).toEqual([person.experience]);
    expect(await personIds('polar')).toEqual([person.experience]);
    expect(await personIds('uppsala')).toEqual([person.education]);
    expect(await personIds('ferrofluid')).toEqual([person.patents]);
    expect(await personIds('mycelium')).toEqual([person.projects]);
    expect(await personIds('tardigrades')).toEqual([person.publications]);
    expect(await personIds('kowalczyk')).toEqual([person.publications]);
    expect(await personIds('exoplanet')).toEqual([person.grants]);
    expect(await personIds('perovskit')).toEqual([person.bio]);
    const { body } = await getJson(t, '/users/count?q=photonics', author.cookie);
    expect(body).toEqual({ total_count: 1 });
  });

  it('gives people highlights only with q, and honours sort_order', async () => {
    const [found] = await people('perovskite');
    expect(found?.highlights).toEqual(['grow <mark>perovskite</mark> crystals']);
    const { body } = await getJson(t, '/users?page=1', author.cookie);
    expect((body as { users: Result[] }).users.every((u) => u.highlights === undefined)).toBe(true);
    const names = await people('grace', '&sort_order=desc');
    expect(names.length).toBeGreaterThan(5);
  });

  it('answers bad or empty q with a 400 on q, or an empty 200, never a 500', async () => {
    for (const path of ['/ideas', '/ideas/count', '/users', '/users/count']) {
      for (const q of ['', '   ', 'x'.repeat(limits.searchText + 1), 'a\u0000b']) {
        const { status, body } = await getJson(
          t,
          `${path}?q=${encodeURIComponent(q)}`,
          author.cookie,
        );
        expect(status, `${path} ${JSON.stringify(q)}`).toBe(400);
        expect(JSON.stringify(body)).toContain('"q"');
      }
      for (const q of ['&|!():*', "'", '"', '\\', "'battery", 'the', '!battery', 'battery:*']) {
        const { status } = await getJson(t, `${path}?q=${encodeURIComponent(q)}`, author.cookie);
        expect(status, `${path} ${q}`).toBe(200);
      }
    }
    expect(await ideaIds('&|!():*')).toEqual([]);
    expect(await ideaIds("'")).toEqual([]);
    expect(await personIds('&|!():*')).toEqual([]);
    expect((await ideaIds('!battery')).length).toBe(3);
    const { body } = await getJson(t, '/ideas/count?q=%26%7C!()%3A*', author.cookie);
    expect(body).toEqual({ total_count: 0 });
  });
  it('scores only the candidates, title matches then the newest, yet lists and counts every match', async () => {
    const ranked = (window: string) =>
      inTenant(t.db, tenantId, (tx) =>
        queryRows(
          tx,
          sql`select id, rank, total
              from public.search_ideas_ranked(${searchQuery(IDEAS, 'battery')}, 2, ${sql.raw(window)}, null, null)`,
          z.strictObject({ id: z.number(), rank: z.number(), total: z.number() }),
        ),
      );
    const all = await ranked('null, null');
    const byId = [...all].sort((a, b) => a.id - b.id);
    expect(byId.map((row) => row.id)).toEqual([idea.title, idea.problem, idea.script]);
    // The title holds it; of the others, the newest.
    expect(byId.map((row) => row.rank >= 2)).toEqual([true, false, true]);
    expect(all.map((row) => row.total)).toEqual([3, 3, 3]);
    expect(all.at(-1)?.id).toBe(idea.problem);
    // A page within the two scored reads only them; one past them, every match.
    expect(await ranked('1, 1')).toEqual([all[1]]);
    expect(await ranked('0, 2')).toEqual(all.slice(0, 2));
    expect(await ranked('1, 2')).toEqual(all.slice(1, 3));
  });

  it('matches several words alike whether one is in a few documents or all are in many', async () => {
    // 205 ideas: more than search_matches looks up one by one (200), so both of its ways run.
    const place = await makeTenant(t.db, 'Marsupial University');
    const pi = await makeMember(t, place.tenantId);
    const ids = await inTenant(t.db, place.tenantId, (tx) =>
      queryRows(
        tx,
        sql`insert into ideas (tenant_id, title, introduction, principal_investigator_id)
            select ${place.tenantId},
                   concat_ws(' ', 'Quokka study', n, case when n <= 3 then 'wombat' end,
                             case when n % 2 = 0 then 'numbat' end),
                   concat_ws(' ', 'Field notes', case when n % 2 = 1 then 'numbat' end,
                             case when n % 3 = 0 then 'zorbit' end,
                             case when n % 5 = 0 then 'zorbix' end),
                   ${pi.id}
            from generate_series(1, 205) n order by n returning id`,
        z.strictObject({ id: z.number() }),
      ),
    );
    const idOf = (n: number) => ids[n - 1]?.id;
    const ns = (keep: (n: number) => boolean) =>
      Array.from({ length: 205 }, (_, i) => i + 1).filter(keep);
    const matches = (q: string) =>
      inTenant(t.db, place.tenantId, (tx) =>
        queryRows(
          tx,
          sql`select id, heading from public.search_matches(1::smallint, ${searchQuery(IDEAS, q)})
              order by id`,
          z.strictObject({ id: z.number(), heading: z.boolean() }),
        ),
      );
    const expected = (keep: (n: number) => boolean, heading: (n: number) => boolean) =>
      ns(keep).map((n) => ({ id: idOf(n), heading: heading(n) }));

    // The rare word's three documents, looked up.
    expect(await matches('quokka wombat')).toEqual(
      expected(
        (n) => n <= 3,
        () => true,
      ),
    );
    // Both words in every document; in the heading where both are in the title.
    expect(await matches('quokka numbat')).toEqual(
      expected(
        () => true,
        (n) => n % 2 === 0,
      ),
    );
    // A typo widened to two words ('zorbit' | 'zorbix'), beside a word in every document.
    expect(await matches('quokka zorbiq')).toEqual(
      expected(
        (n) => n % 3 === 0 || n % 5 === 0,
        () => false,
      ),
    );
    expect(await matches('wombat zorbiq')).toEqual(
      expected(
        (n) => n === 3,
        () => false,
      ),
    );
    expect(await matches('wombat nosuchword')).toEqual([]);
    const { body } = await getJson(t, '/ideas/count?q=quokka%20numbat', pi.cookie);
    expect(body).toEqual({ total_count: 205 });
  });
});
