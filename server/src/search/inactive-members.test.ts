import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type Client, freshTenant, type Member } from '../../test/fixtures.ts';
import { AUTHOR_PERMISSIONS, postIdea } from '../ideas/test-fixtures.ts';

/**
 * Members' postings are active members' only (decision 0050), and the directory, the people
 * results and experts read nothing else (decision 0052): a member disabled or erased after
 * matching a word is gone from all three at once, and a member re-enabled is back.
 */
describe('a member who stops being active leaves keyword results and experts', () => {
  let t: TestApp;
  let admin: Client;
  let idea: number;
  let kept: Member;
  let disabled: Member;
  let erased: Member;

  const ids = async (path: string) => {
    const res = await admin.call('GET', path);
    expect(res.status, path).toBe(200);
    return ((await res.json()).users as { id: number }[]).map((u) => u.id).sort((a, b) => a - b);
  };
  const everywhere = async () => ({
    directory: await ids('/users?page=1&page_size=10&q=perovskite'),
    people: await ids('/search?q=perovskite&type=people'),
    experts: await ids(`/ideas/${idea}/experts`),
  });
  const found = (...members: Member[]) => {
    const all = members.map((m) => m.id).sort((a, b) => a - b);
    return { directory: all, people: all, experts: all };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const tenant = await freshTenant(t, 'Inactive Members University');
    admin = tenant.admin;
    const author = await tenant.member({ permissions: AUTHOR_PERMISSIONS, headline: 'Glazier' });
    idea = await postIdea(t, author.client.cookie, { title: 'Perovskite solar windows' });
    kept = await tenant.member({ headline: 'Perovskite films' });
    disabled = await tenant.member({ headline: 'Perovskite solar cells' });
    erased = await tenant.member({ headline: 'Perovskite coatings' });
  });
  afterAll(() => t.close());

  it('drops a disabled or erased member from the directory, people results and experts', async () => {
    expect(await everywhere()).toEqual(found(kept, disabled, erased));
    const off = await admin.call('PUT', `/admin/users/${disabled.id}/disabled`, { disabled: true });
    expect(off.status).toBe(200);
    expect((await admin.call('DELETE', `/admin/users/${erased.id}`)).status).toBe(200);
    expect(await everywhere()).toEqual(found(kept));
    const on = await admin.call('PUT', `/admin/users/${disabled.id}/disabled`, { disabled: false });
    expect(on.status).toBe(200);
    expect(await everywhere()).toEqual(found(kept, disabled));
  });
});
