import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeTenant } from '../../test/factories.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import {
  type FeedWorld,
  feedWorld,
  getJson,
  ids,
  insertIdeas,
  makeMember,
} from './test-fixtures.ts';

describe('the idea feed: GET /users/{id}/ideas, /filter/idea-owners', () => {
  let t: TestApp;
  let w: FeedWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await feedWorld(t);
  });
  afterAll(() => t.close());

  describe('GET /users/{id}/ideas', () => {
    it("pages through a member's ideas as principal investigator, newest first", async () => {
      const { status, body } = await getJson(
        t,
        `/users/${w.chemist.id}/ideas?page_size=5`,
        w.viewer.cookie,
      );
      expect(status).toBe(200);
      expect(body.total_pages).toBe(2);
      expect(ids(body)).toEqual(w.chemistIdeas.slice(0, 5));
      const second = await getJson(
        t,
        `/users/${w.chemist.id}/ideas?page=2&page_size=5`,
        w.viewer.cookie,
      );
      expect(ids(second.body)).toEqual(w.chemistIdeas.slice(5));
      expect(
        (await getJson(t, `/users/${w.chemist.id}/ideas?page=3&page_size=5`, w.viewer.cookie))
          .status,
      ).toBe(404);
    });

    it('answers an empty list for a member without ideas and 404 for an unknown member', async () => {
      expect((await getJson(t, `/users/${w.viewer.id}/ideas`, w.viewer.cookie)).body).toEqual({
        ideas: [],
        page: 1,
        total_pages: 0,
      });
      const unknown = await getJson(t, '/users/2000000000/ideas', w.viewer.cookie);
      expect(unknown.status).toBe(404);
      expect((await getJson(t, '/users/abc/ideas', w.viewer.cookie)).status).toBe(400);
    });
  });

  describe('GET /filter/idea-owners', () => {
    const owners = async (query = '') =>
      (await getJson(t, `/filter/idea-owners${query}`, w.viewer.cookie)).body.users;

    it('lists active members who lead an idea, by name ignoring case', async () => {
      expect(await owners()).toEqual([
        { id: w.chemist.id, name: 'Carl Chemist' },
        { id: w.engineer.id, name: 'eve Engineer' },
        { id: w.historian.id, name: 'Hana Historian' },
      ]);
    });

    it('filters by school, department and part of a name in any case', async () => {
      expect(await owners(`?school_id=${w.engineering}`)).toEqual([
        { id: w.chemist.id, name: 'Carl Chemist' },
        { id: w.engineer.id, name: 'eve Engineer' },
      ]);
      expect(await owners(`?department_id=${w.robotics}`)).toEqual([
        { id: w.engineer.id, name: 'eve Engineer' },
      ]);
      expect(await owners('?q=HIST')).toEqual([{ id: w.historian.id, name: 'Hana Historian' }]);
      expect(await owners('?q=l%20ch')).toEqual([{ id: w.chemist.id, name: 'Carl Chemist' }]);
      expect(await owners('?q=%25')).toEqual([]);
      expect(await owners('?q=_')).toEqual([]);
    });

    it('leaves out members who are not active', async () => {
      const pending = await makeMember(t, w.tenantId, {
        firstName: 'Aaron',
        lastName: 'Pending',
        userStatusId: 1,
      });
      await insertIdeas(t, w.tenantId, pending.id, 1, { minutesAgo: 500 });
      expect((await owners()).map((u: { id: number }) => u.id)).not.toContain(pending.id);
    });

    it('answers at most 50', async () => {
      const other = await makeTenant(t.db, 'Crowded University');
      const first = await makeMember(t, other.tenantId);
      await t.db.transaction(async (tx) => {
        await bindTenant(tx, other.tenantId);
        await tx.execute(sql`
          with people as (
            insert into users (tenant_id, email, first_name, last_name, role_id,
                               admin_status_id, user_status_id)
            select ${other.tenantId}, 'p' || n || '@example.edu', 'Person', 'N' || n, 1, 2, 2
            from generate_series(1, 60) n returning id)
          insert into ideas (tenant_id, title, introduction, principal_investigator_id)
          select ${other.tenantId}, 'Idea', 'Intro', id from people`);
      });
      const { body } = await getJson(t, '/filter/idea-owners', first.cookie);
      expect(body.users).toHaveLength(50);
    });

    it('refuses malformed filters', async () => {
      expect((await getJson(t, '/filter/idea-owners?school_id=x', w.viewer.cookie)).status).toBe(
        400,
      );
    });
  });
});
