import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeTenant } from '../../test/factories.ts';
import { getJson, type Member, makeMember, postIdea } from '../ideas/test-fixtures.ts';

/** Search answers the caller's tenant only: another tenant's words find nothing there. */
describe("search never reaches another tenant's ideas or people", () => {
  let t: TestApp;
  let alphaAuthor: Member;
  let alphaIdea: number;
  let betaMember: Member;
  let betaIdea: number;

  beforeAll(async () => {
    t = await createTestApp();
    const alpha = await makeTenant(t.db, 'Alpha University');
    const beta = await makeTenant(t.db, 'Beta Institute');
    alphaAuthor = await makeMember(t, alpha.tenantId, {
      firstName: 'Alice',
      headline: 'Xylophone acoustics',
    });
    alphaIdea = await postIdea(t, alphaAuthor.cookie, { title: 'Xylophone acoustics lab' });
    betaMember = await makeMember(t, beta.tenantId, {
      firstName: 'Bob',
      headline: 'Xylophone acoustics',
    });
    betaIdea = await postIdea(t, betaMember.cookie, { title: 'Xylophone acoustics rig' });
  });
  afterAll(() => t.close());

  it('lists, counts and GET /search find only the own tenant, typos included', async () => {
    for (const q of ['xylophone', 'xylophne']) {
      const { body: ideas } = await getJson(t, `/ideas?q=${q}`, betaMember.cookie);
      expect(ideas.ideas.map((i: { id: number }) => i.id)).toEqual([betaIdea]);
      const { body: people } = await getJson(t, `/users?q=${q}`, betaMember.cookie);
      expect(people.users.map((u: { id: number }) => u.id)).toEqual([betaMember.id]);
      const { body: count } = await getJson(t, `/ideas/count?q=${q}`, betaMember.cookie);
      expect(count).toEqual({ total_count: 1 });
      const { body: quick } = await getJson(t, `/search?q=${q}`, betaMember.cookie);
      expect(quick).toMatchObject({ idea_count: 1, people_count: 1 });
    }
    const { body } = await getJson(t, '/search?q=alice&type=people', betaMember.cookie);
    expect(body.total_count).toBe(0);
  });

  it("another tenant's idea has no experts or similar ideas: 404", async () => {
    for (const path of ['experts', 'similar']) {
      const { status } = await getJson(t, `/ideas/${alphaIdea}/${path}`, betaMember.cookie);
      expect(status).toBe(404);
    }
  });

  it("experts and similar ideas come from the idea's tenant only", async () => {
    const { body: experts } = await getJson(t, `/ideas/${betaIdea}/experts`, betaMember.cookie);
    expect(experts.users).toEqual([]);
    const { body: similar } = await getJson(t, `/ideas/${betaIdea}/similar`, betaMember.cookie);
    expect(similar.ideas).toEqual([]);
  });
});
