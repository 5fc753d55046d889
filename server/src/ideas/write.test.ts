import { ideaDetail } from '@kindling/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { jsonInit, makeTenant } from '../../test/factories.ts';
import { queryCount } from '../db/rows.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import {
  detailsOf,
  fullIdea,
  getJson,
  postIdea,
  supportIds,
  type WriteWorld,
  writeWorld,
} from './test-fixtures.ts';

describe('posting ideas', () => {
  let t: TestApp;
  let w: WriteWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await writeWorld(t);
  });
  afterAll(() => t.close());

  const ideaCount = () =>
    t.db.transaction(async (tx) => {
      await bindTenant(tx, w.tenantId);
      return queryCount(
        tx,
        sql`select count(*)::int as n from ideas where tenant_id = ${w.tenantId}`,
      );
    });

  describe('POST /ideas', () => {
    it('creates the idea with the poster as principal investigator and reads it back whole', async () => {
      const res = await w.post({
        ...fullIdea,
        ip_status_id: w.ipStatusId,
        support_ids: [w.supports[1], w.supports[0], w.supports[1]],
      });
      expect(res.status).toBe(201);
      const { idea_id } = await res.json();
      expect(idea_id).toEqual(expect.any(Number));

      const { status, body } = await getJson(t, `/ideas/${idea_id}`, w.colleague.cookie);
      expect(status).toBe(200);
      expect(ideaDetail.strict().parse(body)).toEqual(body);
      expect(body).toMatchObject({
        id: idea_id,
        title: fullIdea.title,
        introduction: fullIdea.introduction,
        problem: fullIdea.problem,
        opportunity: fullIdea.opportunity,
        urls: [
          { url: 'https://example.org/paper', title: 'Paper' },
          { url: 'https://lab.example.edu/coating', title: 'Lab page' },
        ],
        patents: ['US 10,123,456 B2', 'EP1234567A1', 'WO2020/123456'],
        idea_patents: ['US 10,123,456 B2', 'EP1234567A1', 'WO2020/123456'],
        ip_status: w.ipStatusId,
        ip_status_id: w.ipStatusId,
        support_ids: [w.supports[0], w.supports[1]].sort((a = 0, b = 0) => a - b),
        is_following: false,
        follower_count: 0,
        case_manager: null,
        principal_investigator: {
          id: w.author.id,
          email: w.author.email,
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
      const id = await postIdea(t, w.author.cookie, { title: 'Bare', introduction: 'Just this' });
      const { body } = await getJson(t, `/ideas/${id}`, w.author.cookie);
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
      const res = await t.request('/api/v1/ideas', jsonInit('POST', fullIdea));
      expect(res.status).toBe(401);
    });

    it('needs create_idea', async () => {
      const res = await w.post(fullIdea, w.reader.cookie);
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('FORBIDDEN');
    });

    it.each([
      [{}, 'Title is required', 'Introduction is required'],
      [{ title: '   ', introduction: '' }, 'Title is required', 'Introduction is required'],
      [{ title: null, introduction: 7 }, 'Title is required', 'Introduction is required'],
    ])('requires title and introduction: %j', async (body, title, introduction) => {
      expect(await detailsOf(await w.post(body))).toEqual([
        { field: 'title', error: title },
        { field: 'introduction', error: introduction },
      ]);
    });

    it('refuses over-long values without truncating, and keeps values at the limit whole', async () => {
      expect(
        await detailsOf(
          await w.post({
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
      const id = await postIdea(t, w.author.cookie, {
        title: 't'.repeat(100),
        introduction: 'i'.repeat(500),
        problem: 'p'.repeat(2500),
        opportunity: 'o'.repeat(2500),
        urls: [{ url: 'https://example.org', title: 'l'.repeat(100) }],
      });
      const { body } = await getJson(t, `/ideas/${id}`, w.author.cookie);
      expect(body.title).toHaveLength(100);
      expect(body.introduction).toHaveLength(500);
      expect(body.problem).toHaveLength(2500);
      expect(body.opportunity).toHaveLength(2500);
      expect(body.urls[0].title).toHaveLength(100);
    });

    it('needs both URL and title of a link, or neither', async () => {
      expect(
        await detailsOf(
          await w.post({
            ...fullIdea,
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
      expect(
        await detailsOf(await w.post({ ...fullIdea, urls: [{ url, title: 'Link' }] })),
      ).toEqual([{ field: 'urls.0.url', error: 'Url or title is invalid' }]);
    });

    it('allows three links and four patent numbers, not more', async () => {
      const link = { url: 'https://example.org', title: 'Link' };
      expect(
        await detailsOf(
          await w.post({
            ...fullIdea,
            urls: [link, link, { url: '', title: '' }, link, link],
            patents: ['EP1234567A1', 'EP1234568A1', 'EP1234569A1', '', 'EP1234570A1', '1234571'],
          }),
        ),
      ).toEqual([
        { field: 'urls', error: 'You can add up to 3 supporting links.' },
        { field: 'patents', error: 'You can add up to 4 patent numbers.' },
      ]);
      const res = await w.post({
        ...fullIdea,
        urls: [link, { url: '', title: '' }, link, link],
        patents: ['EP1234567A1', '', 'EP1234568A1', 'EP1234569A1', 'EP1234570A1'],
      });
      expect(res.status).toBe(201);
    });

    it('checks the format of every patent number', async () => {
      expect(
        await detailsOf(
          await w.post({ ...fullIdea, patents: ['US 10,123,456 B2', 'patent-42', 'X'] }),
        ),
      ).toEqual([
        { field: 'patents.1', error: 'Please enter a valid patent number.' },
        { field: 'patents.2', error: 'Please enter a valid patent number.' },
      ]);
    });

    it("accepts only the tenant's own IP status and support types, and writes nothing otherwise", async () => {
      const before = await ideaCount();
      const other = await makeTenant(t.db, 'Other University');
      const foreignSupport = (await supportIds(t, other.tenantId))[0];
      expect(await detailsOf(await w.post({ ...fullIdea, ip_status_id: 999_999 }))).toEqual([
        { field: 'ip_status_id', error: 'Please choose a valid IP status.' },
      ]);
      expect(
        await detailsOf(
          await w.post({ ...fullIdea, support_ids: [w.supports[0], foreignSupport] }),
        ),
      ).toEqual([{ field: 'support_ids', error: 'Please choose valid support types.' }]);
      expect(await detailsOf(await w.post({ ...fullIdea, support_ids: ['1'] }))).toEqual([
        { field: 'support_ids.0', error: 'Please choose valid support types.' },
      ]);
      expect(await ideaCount()).toBe(before);
    });

    it('ignores unknown fields, including a principal investigator or tenant sent in the body', async () => {
      const other = await makeTenant(t.db, 'Other University');
      const id = await postIdea(t, w.author.cookie, {
        principal_investigator_id: w.colleague.id,
        case_manager_id: w.colleague.id,
        tenant_id: other.tenantId,
        colour: 'red',
      });
      const { body } = await getJson(t, `/ideas/${id}`, w.author.cookie);
      expect(body.principal_investigator.id).toBe(w.author.id);
      expect(body.case_manager).toBeNull();
    });

    it('answers malformed JSON with 400, never 5xx', async () => {
      const res = await t.request('/api/v1/ideas', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: w.author.cookie },
        body: '{"title": ',
      });
      expect(res.status).toBe(400);
    });
  });
});
