import { ideaDetail } from '@kindling/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { jsonInit, makeTenant } from '../../test/factories.ts';
import { queryRows } from '../db/client.ts';
import { ipStatuses, supportTypes } from '../db/schema-reference.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import {
  getJson,
  type Member,
  makeMember,
  postIdea,
  setCaseManager,
  supportIds,
} from './test-fixtures.ts';

const full = {
  title: 'Solar glass that cleans itself',
  introduction: 'A coating that sheds dust from panels.',
  problem: 'Dust costs desert farms a quarter of their output.',
  opportunity: 'Every utility-scale farm in a dry climate.',
  urls: [
    { url: 'https://example.org/paper', title: 'Paper' },
    { url: '', title: '' },
    { url: 'lab.example.edu/coating', title: ' Lab page ' },
  ],
  patents: ['US 10,123,456 B2', '', 'EP1234567A1', 'WO2020/123456'],
};

describe('posting, editing and deleting ideas', () => {
  let t: TestApp;
  let tenantId: number;
  let author: Member;
  let colleague: Member;
  let reader: Member;
  let supports: number[];
  let ipStatusId: number;

  const post = (body: unknown, cookie = author.cookie) =>
    t.request('/api/v1/ideas', jsonInit('POST', body, cookie));
  const put = (id: number, body: unknown, cookie = author.cookie) =>
    t.request(`/api/v1/ideas/${id}`, jsonInit('PUT', body, cookie));
  const remove = (id: number, cookie = author.cookie) =>
    t.request(`/api/v1/ideas/${id}`, { method: 'DELETE', headers: { cookie } });
  const detailsOf = async (res: Response) => {
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ code: 'BAD_REQUEST', status: 400 });
    return body.details as { field: string; error: string }[];
  };
  const ideaCount = () =>
    t.db.transaction(async (tx) => {
      await bindTenant(tx, tenantId);
      const [row] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from ideas where tenant_id = ${tenantId}`,
      );
      return row?.n ?? 0;
    });

  beforeAll(async () => {
    t = await createTestApp();
    ({ tenantId } = await makeTenant(t.db, 'Alpha University'));
    author = await makeMember(t, tenantId, { firstName: 'Ada', lastName: 'Author', roleId: 1 });
    colleague = await makeMember(t, tenantId, { firstName: 'Cy', lastName: 'Colleague' });
    reader = await makeMember(t, tenantId, { roleId: 4, permissions: [] });
    supports = await supportIds(t, tenantId);
    const ip = await getJson(t, '/ip-status', author.cookie);
    ipStatusId = ip.body.ip_statuses[2].id;
  });
  afterAll(() => t.close());

  describe('POST /ideas', () => {
    it('creates the idea with the poster as principal investigator and reads it back whole', async () => {
      const res = await post({
        ...full,
        ip_status_id: ipStatusId,
        support_ids: [supports[1], supports[0], supports[1]],
      });
      expect(res.status).toBe(201);
      const { idea_id } = await res.json();
      expect(idea_id).toEqual(expect.any(Number));

      const { status, body } = await getJson(t, `/ideas/${idea_id}`, colleague.cookie);
      expect(status).toBe(200);
      expect(ideaDetail.strict().parse(body)).toEqual(body);
      expect(body).toMatchObject({
        id: idea_id,
        title: full.title,
        introduction: full.introduction,
        problem: full.problem,
        opportunity: full.opportunity,
        urls: [
          { url: 'https://example.org/paper', title: 'Paper' },
          { url: 'https://lab.example.edu/coating', title: 'Lab page' },
        ],
        patents: ['US 10,123,456 B2', 'EP1234567A1', 'WO2020/123456'],
        idea_patents: ['US 10,123,456 B2', 'EP1234567A1', 'WO2020/123456'],
        ip_status: ipStatusId,
        ip_status_id: ipStatusId,
        support_ids: [supports[0], supports[1]].sort((a = 0, b = 0) => a - b),
        is_following: false,
        follower_count: 0,
        case_manager: null,
        principal_investigator: {
          id: author.id,
          email: author.email,
          first_name: 'Ada',
          last_name: 'Author',
          position: '',
          profile_image_url: null,
          role_id: 1,
          role_icon: 'student',
          role_name: 'Student',
          admin_status_id: 2,
          user_status_id: 2,
          school_id: null,
          department_id: null,
        },
      });
      expect(Date.parse(body.created_at)).toBeGreaterThan(Date.now() - 60_000);
    });

    it('needs only title and introduction; the rest defaults to empty', async () => {
      const id = await postIdea(t, author.cookie, { title: 'Bare', introduction: 'Just this' });
      const { body } = await getJson(t, `/ideas/${id}`, author.cookie);
      expect(body).toMatchObject({
        problem: '',
        opportunity: '',
        urls: [],
        patents: [],
        support_ids: [],
        ip_status_id: null,
      });
    });

    it('needs a session', async () => {
      const res = await t.request('/api/v1/ideas', jsonInit('POST', full));
      expect(res.status).toBe(401);
    });

    it('needs create_idea', async () => {
      const res = await post(full, reader.cookie);
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('FORBIDDEN');
    });

    it.each([
      [{}, 'Title is required', 'Introduction is required'],
      [{ title: '   ', introduction: '' }, 'Title is required', 'Introduction is required'],
      [{ title: null, introduction: 7 }, 'Title is required', 'Introduction is required'],
    ])('requires title and introduction: %j', async (body, title, introduction) => {
      expect(await detailsOf(await post(body))).toEqual([
        { field: 'title', error: title },
        { field: 'introduction', error: introduction },
      ]);
    });

    it('refuses over-long values without truncating, and keeps values at the limit whole', async () => {
      expect(
        await detailsOf(
          await post({
            title: 'x'.repeat(101),
            introduction: 'x'.repeat(501),
            problem: 'x'.repeat(2501),
            opportunity: 'x'.repeat(2501),
            urls: [{ url: 'https://example.org', title: 'x'.repeat(101) }],
          }),
        ),
      ).toEqual([
        { field: 'title', error: 'Title must be at most 100 characters.' },
        { field: 'introduction', error: 'Introduction must be at most 500 characters.' },
        { field: 'problem', error: 'Problem must be at most 2500 characters.' },
        { field: 'opportunity', error: 'Opportunity must be at most 2500 characters.' },
        { field: 'urls.0.title', error: 'Link title must be at most 100 characters.' },
      ]);
      const id = await postIdea(t, author.cookie, {
        title: 't'.repeat(100),
        introduction: 'i'.repeat(500),
        problem: 'p'.repeat(2500),
        opportunity: 'o'.repeat(2500),
        urls: [{ url: 'https://example.org', title: 'l'.repeat(100) }],
      });
      const { body } = await getJson(t, `/ideas/${id}`, author.cookie);
      expect(body.title).toHaveLength(100);
      expect(body.introduction).toHaveLength(500);
      expect(body.problem).toHaveLength(2500);
      expect(body.opportunity).toHaveLength(2500);
      expect(body.urls[0].title).toHaveLength(100);
    });

    it('needs both URL and title of a link, or neither', async () => {
      expect(
        await detailsOf(
          await post({
            ...full,
            urls: [{ url: 'https://example.org', title: '' }, { title: 'Only a title' }],
          }),
        ),
      ).toEqual([
        { field: 'urls.0.title', error: 'URL and Title must be filled together' },
        { field: 'urls.1.url', error: 'URL and Title must be filled together' },
      ]);
    });

    it.each([
      'not a url',
      'javascript:alert(1)',
      'ftp://example.org/file',
      'http://localhost:3000',
    ])('refuses the link URL %j', async (url) => {
      expect(await detailsOf(await post({ ...full, urls: [{ url, title: 'Link' }] }))).toEqual([
        { field: 'urls.0.url', error: 'Url or title is invalid' },
      ]);
    });

    it('allows three links and four patent numbers, not more', async () => {
      const link = { url: 'https://example.org', title: 'Link' };
      expect(
        await detailsOf(
          await post({
            ...full,
            urls: [link, link, { url: '', title: '' }, link, link],
            patents: ['EP1234567A1', 'EP1234568A1', 'EP1234569A1', '', 'EP1234570A1', '1234571'],
          }),
        ),
      ).toEqual([
        { field: 'urls', error: 'You can add up to 3 supporting links.' },
        { field: 'patents', error: 'You can add up to 4 patent numbers.' },
      ]);
      const res = await post({
        ...full,
        urls: [link, { url: '', title: '' }, link, link],
        patents: ['EP1234567A1', '', 'EP1234568A1', 'EP1234569A1', 'EP1234570A1'],
      });
      expect(res.status).toBe(201);
    });

    it('checks the format of every patent number', async () => {
      expect(
        await detailsOf(await post({ ...full, patents: ['US 10,123,456 B2', 'patent-42', 'X'] })),
      ).toEqual([
        { field: 'patents.1', error: 'Please enter a valid patent number.' },
        { field: 'patents.2', error: 'Please enter a valid patent number.' },
      ]);
    });

    it("accepts only the tenant's own IP status and support types, and writes nothing otherwise", async () => {
      const before = await ideaCount();
      const other = await makeTenant(t.db, 'Other University');
      const foreignSupport = (await supportIds(t, other.tenantId))[0];
      expect(await detailsOf(await post({ ...full, ip_status_id: 999_999 }))).toEqual([
        { field: 'ip_status_id', error: 'Please choose a valid IP status.' },
      ]);
      expect(
        await detailsOf(await post({ ...full, support_ids: [supports[0], foreignSupport] })),
      ).toEqual([{ field: 'support_ids', error: 'Please choose valid support types.' }]);
      expect(await detailsOf(await post({ ...full, support_ids: ['1'] }))).toEqual([
        { field: 'support_ids.0', error: 'Please choose valid support types.' },
      ]);
      expect(await ideaCount()).toBe(before);
    });

    it('ignores unknown fields, including a principal investigator or tenant sent in the body', async () => {
      const other = await makeTenant(t.db, 'Other University');
      const id = await postIdea(t, author.cookie, {
        principal_investigator_id: colleague.id,
        case_manager_id: colleague.id,
        tenant_id: other.tenantId,
        colour: 'red',
      });
      const { body } = await getJson(t, `/ideas/${id}`, author.cookie);
      expect(body.principal_investigator.id).toBe(author.id);
      expect(body.case_manager).toBeNull();
    });

    it('answers malformed JSON with 400, never 5xx', async () => {
      const res = await t.request('/api/v1/ideas', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: author.cookie },
        body: '{"title": ',
      });
      expect(res.status).toBe(400);
    });
  });

  describe('PUT /ideas/{id}', () => {
    it('replaces the whole idea, links, patents and supports included', async () => {
      const id = await postIdea(t, author.cookie, {
        ...full,
        support_ids: [supports[0]],
        ip_status_id: ipStatusId,
      });
      const res = await put(id, {
        title: 'Renamed',
        introduction: 'New intro',
        urls: [{ url: 'https://example.com/new', title: 'New' }],
        patents: ['US 9,999,999'],
        support_ids: [supports[2]],
        ip_status_id: null,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ idea_id: id });
      const { body } = await getJson(t, `/ideas/${id}`, author.cookie);
      expect(body).toMatchObject({
        title: 'Renamed',
        introduction: 'New intro',
        problem: '',
        opportunity: '',
        urls: [{ url: 'https://example.com/new', title: 'New' }],
        patents: ['US 9,999,999'],
        support_ids: [supports[2]],
        ip_status_id: null,
        principal_investigator: { id: author.id },
      });
    });

    it('is atomic: a refused update leaves the idea as it was', async () => {
      const id = await postIdea(t, author.cookie, { ...full, support_ids: [supports[0]] });
      const before = (await getJson(t, `/ideas/${id}`, author.cookie)).body;
      const res = await put(id, { ...full, title: 'Changed', support_ids: [999_999] });
      expect(res.status).toBe(400);
      expect((await getJson(t, `/ideas/${id}`, author.cookie)).body).toEqual(before);
    });

    it('validates like POST', async () => {
      const id = await postIdea(t, author.cookie);
      expect(await detailsOf(await put(id, { title: '', introduction: 'x' }))).toEqual([
        { field: 'title', error: 'Title is required' },
      ]);
    });

    it('lets the case manager edit, and refuses other members with 403', async () => {
      const id = await postIdea(t, author.cookie);
      expect((await put(id, full, colleague.cookie)).status).toBe(403);
      await setCaseManager(t, tenantId, id, colleague.id);
      expect((await put(id, full, colleague.cookie)).status).toBe(200);
      const { body } = await getJson(t, `/ideas/${id}`, author.cookie);
      expect(body.title).toBe(full.title);
      expect(body.case_manager).toMatchObject({ id: colleague.id, first_name: 'Cy' });
    });

    it('needs update_idea even for the owner', async () => {
      const owner = await makeMember(t, tenantId, { permissions: ['create_idea'] });
      const id = await postIdea(t, owner.cookie);
      expect((await put(id, full, owner.cookie)).status).toBe(403);
    });

    it('answers 404 for an idea that does not exist', async () => {
      const res = await put(2_000_000_000, full);
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe('The idea might have been deleted or never created.');
    });
  });

  describe('deactivated support types and IP statuses', () => {
    let owner: Member;
    let active: number[];
    let retired: { support: number; ipStatus: number; otherIpStatus: number };

    const deactivate = (table: typeof supportTypes | typeof ipStatuses, id: number) =>
      t.db.transaction(async (tx) => {
        await bindTenant(tx, owner.tenantId);
        await tx
          .update(table)
          .set({ isActive: false })
          .where(and(eq(table.tenantId, owner.tenantId), eq(table.id, id)));
      });

    beforeAll(async () => {
      const place = await makeTenant(t.db, 'Retiring University');
      owner = await makeMember(t, place.tenantId);
      const ids = await supportIds(t, place.tenantId);
      const ip = (await getJson(t, '/ip-status', owner.cookie)).body.ip_statuses;
      retired = { support: ids[0] as number, ipStatus: ip[0].id, otherIpStatus: ip[1].id };
      active = ids.slice(1);
    });

    it('refuses one newly chosen on a post, with the field error of an unknown one', async () => {
      const id = await postIdea(t, owner.cookie, {
        support_ids: [retired.support, active[0]],
        ip_status_id: retired.ipStatus,
      });
      await deactivate(supportTypes, retired.support);
      await deactivate(ipStatuses, retired.ipStatus);
      await deactivate(ipStatuses, retired.otherIpStatus);

      expect(
        await detailsOf(await post({ ...full, support_ids: [retired.support] }, owner.cookie)),
      ).toEqual([{ field: 'support_ids', error: 'Please choose valid support types.' }]);
      expect(
        await detailsOf(await post({ ...full, ip_status_id: retired.ipStatus }, owner.cookie)),
      ).toEqual([{ field: 'ip_status_id', error: 'Please choose a valid IP status.' }]);

      // The idea that had them keeps them through an edit...
      const kept = await put(
        id,
        { ...full, support_ids: [active[1], retired.support], ip_status_id: retired.ipStatus },
        owner.cookie,
      );
      expect(kept.status).toBe(200);
      const { body } = await getJson(t, `/ideas/${id}`, owner.cookie);
      expect(body.support_ids.sort()).toEqual([active[1], retired.support].sort());
      expect(body.ip_status_id).toBe(retired.ipStatus);

      // ...but cannot switch to another deactivated one, nor take one back once dropped.
      expect(
        await detailsOf(
          await put(id, { ...full, ip_status_id: retired.otherIpStatus }, owner.cookie),
        ),
      ).toEqual([{ field: 'ip_status_id', error: 'Please choose a valid IP status.' }]);
      expect((await put(id, { ...full, support_ids: [active[1]] }, owner.cookie)).status).toBe(200);
      expect(
        await detailsOf(await put(id, { ...full, support_ids: [retired.support] }, owner.cookie)),
      ).toEqual([{ field: 'support_ids', error: 'Please choose valid support types.' }]);
    });

    it("still refuses another tenant's entries on an edit", async () => {
      const id = await postIdea(t, owner.cookie, { support_ids: [active[0]] });
      expect(
        await detailsOf(await put(id, { ...full, support_ids: [supports[0]] }, owner.cookie)),
      ).toEqual([{ field: 'support_ids', error: 'Please choose valid support types.' }]);
      expect(
        await detailsOf(await put(id, { ...full, ip_status_id: ipStatusId }, owner.cookie)),
      ).toEqual([{ field: 'ip_status_id', error: 'Please choose a valid IP status.' }]);
    });
  });

  describe('DELETE /ideas/{id}', () => {
    it('deletes an own idea with its follows, after which it is not found', async () => {
      const id = await postIdea(t, author.cookie, full);
      await t.request(`/api/v1/ideas/${id}/follow`, {
        method: 'POST',
        headers: { cookie: colleague.cookie },
      });
      const res = await remove(id);
      expect(res.status).toBe(200);
      expect((await getJson(t, `/ideas/${id}`, author.cookie)).status).toBe(404);
      expect((await remove(id)).status).toBe(404);
      const followed = await getJson(t, '/ideas?following=true', colleague.cookie);
      expect(followed.body.ideas.map((idea: { id: number }) => idea.id)).not.toContain(id);
    });

    it("refuses another member's idea with 403, lets its case manager delete it", async () => {
      const id = await postIdea(t, author.cookie);
      expect((await remove(id, colleague.cookie)).status).toBe(403);
      expect((await getJson(t, `/ideas/${id}`, author.cookie)).status).toBe(200);
      await setCaseManager(t, tenantId, id, colleague.id);
      expect((await remove(id, colleague.cookie)).status).toBe(200);
    });

    it('needs delete_idea even for the owner', async () => {
      const owner = await makeMember(t, tenantId, { permissions: ['create_idea'] });
      const id = await postIdea(t, owner.cookie);
      expect((await remove(id, owner.cookie)).status).toBe(403);
    });

    it('answers a malformed id with 400', async () => {
      for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
        const res = await remove(id as unknown as number);
        expect(res.status, id).toBe(400);
      }
    });
  });
});
