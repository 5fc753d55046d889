import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeTenant } from '../../test/factories.ts';
import { getJson, type Member, makeMember, postIdea, setCaseManager } from './test-fixtures.ts';

describe('following ideas', () => {
  let t: TestApp;
  let tenantId: number;
  let author: Member;
  let follower: Member;
  let manager: Member;
  let ideaId: number;

  const follow = (id: number, cookie: string) =>
    t.request(`/api/v1/ideas/${id}/follow`, { method: 'POST', headers: { cookie } });
  const unfollow = (id: number, cookie: string) =>
    t.request(`/api/v1/ideas/${id}/unfollow`, { method: 'DELETE', headers: { cookie } });
  const answer = async (res: Response) => ({ status: res.status, body: await res.json() });

  beforeAll(async () => {
    t = await createTestApp();
    ({ tenantId } = await makeTenant(t.db));
    author = await makeMember(t, tenantId);
    follower = await makeMember(t, tenantId, { roleId: 4, permissions: [] });
    manager = await makeMember(t, tenantId);
    ideaId = await postIdea(t, author.cookie);
    await setCaseManager(t, tenantId, ideaId, manager.id);
  });
  afterAll(() => t.close());

  it('follows idempotently: twice still one follow', async () => {
    expect(await answer(await follow(ideaId, follower.cookie))).toEqual({
      status: 200,
      body: { is_following: true },
    });
    expect(await answer(await follow(ideaId, follower.cookie))).toEqual({
      status: 200,
      body: { is_following: true },
    });
    const { body } = await getJson(t, `/ideas/${ideaId}`, follower.cookie);
    expect(body).toMatchObject({ is_following: true, follower_count: 1 });
    const asAuthor = await getJson(t, `/ideas/${ideaId}`, author.cookie);
    expect(asAuthor.body).toMatchObject({ is_following: false, follower_count: 1 });
  });

  it('unfollows idempotently', async () => {
    expect(await answer(await unfollow(ideaId, follower.cookie))).toEqual({
      status: 200,
      body: { is_following: false },
    });
    expect(await answer(await unfollow(ideaId, follower.cookie))).toEqual({
      status: 200,
      body: { is_following: false },
    });
    const { body } = await getJson(t, `/ideas/${ideaId}`, follower.cookie);
    expect(body).toMatchObject({ is_following: false, follower_count: 0 });
  });

  it('refuses the principal investigator and the case manager with 403', async () => {
    for (const owner of [author, manager]) {
      const res = await answer(await follow(ideaId, owner.cookie));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    expect((await getJson(t, `/ideas/${ideaId}`, author.cookie)).body.follower_count).toBe(0);
  });

  it('answers 404 for an unknown idea and 401 without a session', async () => {
    expect((await follow(2_000_000_000, follower.cookie)).status).toBe(404);
    expect((await unfollow(2_000_000_000, follower.cookie)).status).toBe(404);
    expect((await t.request(`/api/v1/ideas/${ideaId}/follow`, { method: 'POST' })).status).toBe(
      401,
    );
  });
});
