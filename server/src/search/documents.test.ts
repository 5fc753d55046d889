import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { jsonInit, makeSchool, makeTenant, signInCookie } from '../../test/factories.ts';
import { getJson, type Member, makeMember, postIdea } from '../ideas/test-fixtures.ts';

/** The search documents are kept by triggers, so every write path refreshes them (decision 0029). */
describe('search documents follow every write', () => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<typeof makeTenant>>;
  let admin: string;
  let author: Member;
  let schoolId: number;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await makeTenant(t.db, 'Documents University');
    admin = await signInCookie(t.request, tenant.tenantId, `admin@${tenant.domain}`);
    schoolId = (await makeSchool(t.db, tenant.tenantId, 'School of Oceanography')).id;
    author = await makeMember(t, tenant.tenantId, {
      firstName: 'Ines',
      lastName: 'Quill',
      headline: 'Marine chemist',
      bio: '<p>Studies coral reefs.</p>',
      schoolId,
    });
  });
  afterAll(() => t.close());

  const ideaIds = async (q: string) => {
    const { status, body } = await getJson(t, `/ideas?q=${encodeURIComponent(q)}`, author.cookie);
    expect(status).toBe(200);
    return (body as { ideas: { id: number }[] }).ideas.map((idea) => idea.id);
  };
  const personIds = async (q: string) => {
    const { status, body } = await getJson(t, `/users?q=${encodeURIComponent(q)}`, author.cookie);
    expect(status).toBe(200);
    return (body as { users: { id: number }[] }).users.map((user) => user.id);
  };
  const put = (path: string, body: unknown, cookie = author.cookie) =>
    t.request(`/api/v1${path}`, jsonInit('PUT', body, cookie));

  it('an edited idea is found by its new words and no longer by the old ones', async () => {
    const id = await postIdea(t, author.cookie, { title: 'Kelp harvester' });
    expect(await ideaIds('kelp')).toEqual([id]);
    const res = await put(`/ideas/${id}`, { title: 'Seagrass harvester', introduction: 'Why' });
    expect(res.status).toBe(200);
    expect(await ideaIds('kelp')).toEqual([]);
    expect(await ideaIds('seagrass')).toEqual([id]);
  });

  it('a patent or link added by an edit is found, and gone when removed', async () => {
    const id = await postIdea(t, author.cookie, { title: 'Tidal turbine' });
    expect(await ideaIds('US 7,123,456')).toEqual([]);
    const edit = {
      title: 'Tidal turbine',
      introduction: 'Why',
      patents: ['US 7,123,456 B1'],
      urls: [{ url: 'https://example.edu/review', title: 'Hydrokinetic review' }],
    };
    expect((await put(`/ideas/${id}`, edit)).status).toBe(200);
    expect(await ideaIds('US 7,123,456')).toEqual([id]);
    expect(await ideaIds('7123456')).toEqual([id]);
    expect(await ideaIds('hydrokinetic')).toEqual([id]);
    expect(
      (await put(`/ideas/${id}`, { title: 'Tidal turbine', introduction: 'Why' })).status,
    ).toBe(200);
    expect(await ideaIds('7123456')).toEqual([]);
    expect(await ideaIds('hydrokinetic')).toEqual([]);
  });

  it("renaming the principal investigator renames them in their ideas' documents", async () => {
    const id = await postIdea(t, author.cookie, { title: 'Plankton counter' });
    expect(await ideaIds('quill plankton')).toEqual([id]);
    const res = await put(`/profiles/${author.id}`, {
      first_name: 'Ines',
      last_name: 'Żurawska',
      bio: '<p>Studies coral reefs.</p>',
    });
    expect(res.status).toBe(200);
    expect(await ideaIds('quill plankton')).toEqual([]);
    expect(await ideaIds('zurawska plankton')).toEqual([id]);
    expect(await personIds('zurawska')).toEqual([author.id]);
  });

  it('an edited profile section is found', async () => {
    expect(await personIds('bathymetry')).toEqual([]);
    const res = await put(`/profiles/${author.id}`, {
      first_name: 'Ines',
      last_name: 'Żurawska',
      bio: '<p>Studies coral reefs.</p>',
      school_id: schoolId,
      publications: [{ title: 'Bathymetry of atolls', authors: 'I. Żurawska, K. Okonkwo' }],
    });
    expect(res.status).toBe(200);
    expect(await personIds('bathymetry')).toEqual([author.id]);
    expect(await personIds('okonkwo')).toEqual([author.id]);
  });

  it("renaming a school renames it in its members' documents", async () => {
    expect(await personIds('oceanography')).toEqual([author.id]);
    const res = await put(`/admin/schools/${schoolId}`, { name: 'School of Limnology' }, admin);
    expect(res.status).toBe(200);
    expect(await personIds('oceanography')).toEqual([]);
    expect(await personIds('limnology')).toEqual([author.id]);
  });
});
