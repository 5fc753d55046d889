import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { jsonInit, makeSchool, makeTenant, signInCookie } from '../../test/factories.ts';
import { getJson, type Member, makeMember, postIdea, supportIds } from './test-fixtures.ts';

const idsOf = (body: { ideas: { id: number }[] }) => body.ideas.map((idea) => idea.id);

describe("another tenant's ideas are not found, exactly as if they did not exist", () => {
  let t: TestApp;
  let alpha: Awaited<ReturnType<typeof makeTenant>>;
  let beta: Awaited<ReturnType<typeof makeTenant>>;
  let alphaAuthor: Member;
  let alphaIdea: number;
  let alphaSchool: number;
  let betaMember: Member;
  let betaAdmin: string;
  let betaIdea: number;

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await makeTenant(t.db, 'Alpha University');
    beta = await makeTenant(t.db, 'Beta Institute');
    alphaSchool = (await makeSchool(t.db, alpha.tenantId, 'Alpha Engineering')).id;
    alphaAuthor = await makeMember(t, alpha.tenantId, {
      firstName: 'Alice',
      lastName: 'Alpha',
      schoolId: alphaSchool,
      headline: 'Quantum sensors',
    });
    alphaIdea = await postIdea(t, alphaAuthor.cookie, {
      title: 'Quantum sensors for bridges',
      support_ids: [(await supportIds(t, alpha.tenantId))[0]],
    });
    betaMember = await makeMember(t, beta.tenantId, {
      firstName: 'Bob',
      lastName: 'Beta',
      headline: 'Quantum sensors',
    });
    betaAdmin = await signInCookie(t.request, beta.tenantId, `admin@${beta.domain}`);
    betaIdea = await postIdea(t, betaMember.cookie, { title: 'Beta idea' });
  });
  afterAll(() => t.close());

  const alphaIdeaIntact = async () => {
    const { status, body } = await getJson(t, `/ideas/${alphaIdea}`, alphaAuthor.cookie);
    expect(status).toBe(200);
    expect(body).toMatchObject({ title: 'Quantum sensors for bridges', follower_count: 0 });
  };

  it('GET, PUT, DELETE, follow and unfollow of the idea answer 404, even to an administrator', async () => {
    for (const cookie of [betaMember.cookie, betaAdmin]) {
      const calls: [string, RequestInit][] = [
        [`/api/v1/ideas/${alphaIdea}`, { headers: { cookie } }],
        [
          `/api/v1/ideas/${alphaIdea}`,
          jsonInit('PUT', { title: 'Taken over', introduction: 'x' }, cookie),
        ],
        [`/api/v1/ideas/${alphaIdea}`, { method: 'DELETE', headers: { cookie } }],
        [`/api/v1/ideas/${alphaIdea}/follow`, { method: 'POST', headers: { cookie } }],
        [`/api/v1/ideas/${alphaIdea}/unfollow`, { method: 'DELETE', headers: { cookie } }],
      ];
      for (const [path, init] of calls) {
        const res = await t.request(path, init);
        expect(res.status, `${init.method ?? 'GET'} ${path}`).toBe(404);
        expect(await res.json()).toEqual({
          code: 'NOT_FOUND',
          message: 'The idea might have been deleted or never created.',
          status: 404,
          details: [],
        });
      }
    }
    const missing = await getJson(t, '/ideas/2000000000', betaMember.cookie);
    expect(missing.body.message).toBe('The idea might have been deleted or never created.');
    await alphaIdeaIntact();
  });

  it('lists, counts and recommendations hold only the own tenant, whatever tenant_id says', async () => {
    for (const query of ['', `?tenant_id=${alpha.tenantId}`]) {
      const list = await getJson(t, `/ideas${query}`, betaMember.cookie);
      expect(idsOf(list.body)).toEqual([betaIdea]);
      const count = await getJson(t, `/ideas/count${query}`, betaMember.cookie);
      expect(count.body).toEqual({ total_count: 1 });
      const recommended = await getJson(t, `/recommendations/ideas${query}`, betaMember.cookie);
      expect(idsOf(recommended.body)).toEqual([betaIdea]);
    }
  });

  it("filters naming the other tenant's people, schools or supports match nothing", async () => {
    const alphaSupport = (await supportIds(t, alpha.tenantId))[0];
    for (const query of [
      `idea_owner_id=${alphaAuthor.id}`,
      `school_id=${alphaSchool}`,
      `support_id=${alphaSupport}`,
    ]) {
      const list = await getJson(t, `/ideas?${query}`, betaMember.cookie);
      expect(list.body.ideas, query).toEqual([]);
      const count = await getJson(t, `/ideas/count?${query}`, betaMember.cookie);
      expect(count.body.total_count, query).toBe(0);
    }
  });

  it("the other tenant's members have no ideas page and are no idea owners", async () => {
    const page = await getJson(t, `/users/${alphaAuthor.id}/ideas`, betaMember.cookie);
    expect(page.status).toBe(404);
    const owners = await getJson(t, '/filter/idea-owners', betaMember.cookie);
    expect(owners.body.users).toEqual([{ id: betaMember.id, name: 'Bob Beta' }]);
    const byName = await getJson(t, '/filter/idea-owners?q=alice', betaMember.cookie);
    expect(byName.body.users).toEqual([]);
  });

  it("a new idea lands in the session's tenant whatever tenant_id it carries", async () => {
    const res = await t.request(
      `/api/v1/ideas?tenant_id=${alpha.tenantId}`,
      jsonInit(
        'POST',
        { title: 'Where am I', introduction: 'x', tenant_id: alpha.tenantId },
        betaMember.cookie,
      ),
    );
    expect(res.status).toBe(201);
    const { idea_id } = await res.json();
    expect((await getJson(t, `/ideas/${idea_id}`, betaMember.cookie)).status).toBe(200);
    expect((await getJson(t, `/ideas/${idea_id}`, alphaAuthor.cookie)).status).toBe(404);
  });
});
