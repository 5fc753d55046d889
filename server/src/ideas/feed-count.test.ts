import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeTenant } from '../../test/factories.ts';
import { type FeedWorld, feedWorld, getJson, makeMember, postIdea } from './test-fixtures.ts';

describe('the idea feed: GET /ideas/count', () => {
  let t: TestApp;
  let w: FeedWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await feedWorld(t);
  });
  afterAll(() => t.close());

  describe('GET /ideas/count', () => {
    it.each([
      '',
      '?following=true',
      '?support_id=SUPPORTS',
      '?school_id=ENGINEERING',
      '?department_id=OPTICS',
      '?idea_owner_id=HISTORIAN',
      '?school_id=ENGINEERING&support_id=SUPPORTS',
    ])('equals the number of ideas the list pages through for %j', async (template) => {
      const query = template
        .replace('SUPPORTS', `${w.funding},${w.mentorship}`)
        .replace('ENGINEERING', String(w.engineering))
        .replace('OPTICS', String(w.optics))
        .replace('HISTORIAN', String(w.historian.id));
      const { total_count } = await w.count(query);
      const { seen } = await w.readAll(query.replace('?', ''), 3);
      expect(total_count).toBe(seen.length);
      expect(new Set(seen).size).toBe(seen.length);
    });

    it('counts an idea seeking several of the listed support types once', async () => {
      const both = await postIdea(t, w.viewer.cookie, { support_ids: [w.funding, w.mentorship] });
      try {
        const query = `support_id=${w.funding},${w.mentorship}`;
        const { total_count } = await w.count(`?${query}`);
        const { seen } = await w.readAll(query, 4);
        expect(seen).toContain(both);
        expect(total_count).toBe(seen.length);
        expect(total_count).toBe(w.engineerIdeas.length + w.chemistIdeas.length + 1);
      } finally {
        await t.request(`/api/v1/ideas/${both}`, {
          method: 'DELETE',
          headers: { cookie: w.viewer.cookie },
        });
      }
    });

    it('counts everything without filters, as ideas come and go, and refuses malformed filters', async () => {
      expect(await w.count('')).toEqual({ total_count: w.all.length });
      const extra = await postIdea(t, w.viewer.cookie);
      expect(await w.count('')).toEqual({ total_count: w.all.length + 1 });
      await t.request(`/api/v1/ideas/${extra}`, {
        method: 'DELETE',
        headers: { cookie: w.viewer.cookie },
      });
      expect(await w.count('')).toEqual({ total_count: w.all.length });
      const other = await makeTenant(t.db, 'Counted University');
      const stranger = await makeMember(t, other.tenantId);
      expect((await getJson(t, '/ideas/count', stranger.cookie)).body).toEqual({ total_count: 0 });
      expect((await getJson(t, '/ideas/count?support_id=x', w.viewer.cookie)).status).toBe(400);
    });
  });

  it('documents every idea call in the OpenAPI document', async () => {
    const doc = await (await t.request('/api/v1/openapi.json')).json();
    const calls = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`),
    );
    expect(calls).toEqual(
      expect.arrayContaining(
        [
          'get /ideas',
          'post /ideas',
          'get /ideas/count',
          'get /recommendations/ideas',
          'get /ideas/{id}',
          'put /ideas/{id}',
          'delete /ideas/{id}',
          'post /ideas/{id}/follow',
          'delete /ideas/{id}/unfollow',
          'get /users/{id}/ideas',
          'get /filter/idea-owners',
        ].map((call) => call.replace(' /', ' /api/v1/')),
      ),
    );
    const listParameters = doc.paths['/api/v1/ideas'].get.parameters.map(
      (parameter: { name: string }) => parameter.name,
    );
    expect(listParameters).toEqual(
      expect.arrayContaining(['page', 'page_size', 'sort_order', 'following', 'support_id']),
    );
  });
});
