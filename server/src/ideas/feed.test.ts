import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeTenant } from '../../test/factories.ts';
import { queryRows } from '../db/client.ts';
import { idRow } from '../db/rows.ts';
import { users } from '../db/schema-people.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import {
  type FeedWorld,
  feedWorld,
  getJson,
  ids,
  insertIdeas,
  makeMember,
  recordStatements,
} from './test-fixtures.ts';

describe('the idea feed: GET /ideas', () => {
  let t: TestApp;
  let w: FeedWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await feedWorld(t);
  });
  afterAll(() => t.close());

  describe('GET /ideas', () => {
    it('answers the newest ten by default with the card fields', async () => {
      const { status, body } = await w.list('');
      expect(status).toBe(200);
      expect(body.page).toBe(1);
      expect(body.total_pages).toBe(3);
      expect(ids(body)).toEqual(w.all.slice(0, 10));
      expect(body.ideas[0]).toMatchObject({
        id: w.all[0],
        title: 'Robot 1',
        introduction: 'Introduction 1',
        support_ids: [w.funding],
        ip_status_id: null,
        is_following: false,
        follower_count: 0,
        case_manager: null,
        principal_investigator: {
          id: w.engineer.id,
          first_name: 'eve',
          school_id: w.engineering,
          department_id: w.robotics,
          role_name: 'Student',
        },
      });
    });

    it('sorts oldest first with sort_order=asc', async () => {
      const { body } = await w.list('?sort_order=asc&page_size=5');
      expect(ids(body)).toEqual([...w.all].reverse().slice(0, 5));
    });

    it.each([
      [1, 'desc'],
      [4, 'desc'],
      [5, 'asc'],
      [7, 'asc'],
      [100, 'desc'],
    ])(
      'pages of %i (%s) cover every idea once, in order, near and far end alike',
      async (size, order) => {
        const { seen, totalPages } = await w.readAll(`sort_order=${order}`, size);
        expect(totalPages).toBe(Math.ceil(w.all.length / size));
        expect(seen).toEqual(order === 'desc' ? w.all : [...w.all].reverse());
      },
    );

    it('breaks ties of created_at by id', async () => {
      const other = await makeTenant(t.db, 'Tie University');
      const pi = await makeMember(t, other.tenantId);
      const tied = await t.db.transaction(async (tx) => {
        await bindTenant(tx, other.tenantId);
        const rows = await queryRows(
          tx,
          sql`
          insert into ideas (tenant_id, title, introduction, principal_investigator_id, created_at)
          select ${other.tenantId}, 'Tie ' || n, 'x', ${pi.id}, '2026-01-01T00:00:00Z'
          from generate_series(1, 7) n returning id`,
          idRow,
        );
        return rows.map((row) => row.id).sort((a, b) => a - b);
      });
      const pages = [];
      for (let page = 1; page <= 3; page++) {
        pages.push(...ids((await getJson(t, `/ideas?page=${page}&page_size=3`, pi.cookie)).body));
      }
      expect(pages).toEqual([...tied].reverse());
    });

    it('answers a page past the last with 404, and an empty first page with 200', async () => {
      const past = await w.list('?page=4');
      expect(past.status).toBe(404);
      expect(past.body.code).toBe('NOT_FOUND');
      const none = await w.list(`?idea_owner_id=${w.viewer.id}`);
      expect(none).toEqual({ status: 200, body: { ideas: [], page: 1, total_pages: 0 } });
      expect((await w.list(`?idea_owner_id=${w.viewer.id}&page=2`)).status).toBe(404);
    });

    it('filters by support types, any of a comma list', async () => {
      expect(ids((await w.list(`?support_id=${w.funding}&page_size=100`)).body)).toEqual(
        w.engineerIdeas,
      );
      expect(
        ids((await w.list(`?support_id=${w.funding},${w.mentorship}&page_size=100`)).body),
      ).toEqual([...w.engineerIdeas, ...w.chemistIdeas]);
    });

    it("filters by the principal investigator's school and department", async () => {
      expect(ids((await w.list(`?school_id=${w.engineering}&page_size=100`)).body)).toEqual([
        ...w.engineerIdeas,
        ...w.chemistIdeas,
      ]);
      expect(ids((await w.list(`?department_id=${w.optics}&page_size=100`)).body)).toEqual(
        w.chemistIdeas,
      );
      expect(
        ids(
          (
            await w.list(
              `?school_id=${w.engineering},${w.humanities}&department_id=${w.robotics}&page_size=100`,
            )
          ).body,
        ),
      ).toEqual(w.engineerIdeas);
      expect(ids((await w.list(`?school_id=${w.humanities}&page_size=100`)).body)).toEqual(
        w.historianIdeas,
      );
    });

    it('follows a principal investigator who moves to another school', async () => {
      const mover = await makeMember(t, w.tenantId, { schoolId: w.humanities });
      const [moved] = await insertIdeas(t, w.tenantId, mover.id, 1, { minutesAgo: 1000 });
      const inSchool = async (school: number) =>
        ids((await w.list(`?school_id=${school}&page_size=100`)).body).includes(moved as number);
      expect(await inSchool(w.humanities)).toBe(true);
      await t.db.transaction(async (tx) => {
        await bindTenant(tx, w.tenantId);
        await tx
          .update(users)
          .set({ schoolId: w.engineering, departmentId: w.optics })
          .where(and(eq(users.tenantId, w.tenantId), eq(users.id, mover.id)));
      });
      expect(await inSchool(w.humanities)).toBe(false);
      expect(await inSchool(w.engineering)).toBe(true);
      expect(ids((await w.list(`?department_id=${w.optics}&page_size=100`)).body)).toContain(moved);
      const res = await t.request(`/api/v1/ideas/${moved}`, {
        method: 'DELETE',
        headers: { cookie: mover.cookie },
      });
      expect(res.status).toBe(200);
    });

    it('filters by idea owner, the principal investigator', async () => {
      expect(
        ids((await w.list(`?idea_owner_id=${w.historian.id},${w.chemist.id}&page_size=100`)).body),
      ).toEqual([...w.chemistIdeas, ...w.historianIdeas]);
    });

    it('following=true keeps the ideas the member follows; false filters nothing', async () => {
      const followed = [w.engineerIdeas[3], w.historianIdeas[0]] as number[];
      for (const id of followed) {
        const res = await t.request(`/api/v1/ideas/${id}/follow`, {
          method: 'POST',
          headers: { cookie: w.viewer.cookie },
        });
        expect(res.status).toBe(200);
      }
      const { body } = await w.list('?following=true');
      expect(ids(body)).toEqual(followed);
      expect(body.ideas.every((idea: { is_following: boolean }) => idea.is_following)).toBe(true);
      expect(body.ideas[0].follower_count).toBe(1);
      expect((await w.list('?following=false')).body.total_pages).toBe(3);
      const engineerView = await w.list('?following=true', w.engineer.cookie);
      expect(engineerView.body.ideas).toEqual([]);
    });

    it('combines filters with AND', async () => {
      const { body } = await w.list(
        `?school_id=${w.engineering}&support_id=${w.mentorship}&idea_owner_id=${w.chemist.id},${w.engineer.id}&page_size=100`,
      );
      expect(ids(body)).toEqual(w.chemistIdeas);
    });

    it('unknown ids match nothing', async () => {
      expect((await w.list('?support_id=2000000000')).body.ideas).toEqual([]);
    });

    it.each([
      ['support_id=abc', 'support_id'],
      ['school_id=1,,2', 'school_id'],
      ['department_id=-3', 'department_id'],
      ['idea_owner_id=1.5', 'idea_owner_id'],
      ['support_id=99999999999', 'support_id'],
      ['following=yes', 'following'],
      ['sort_order=newest', 'sort_order'],
      ['page_size=101', 'page_size'],
      ['page_size=0', 'page_size'],
      ['page=0', 'page'],
      ['page=two', 'page'],
    ])('refuses %s with 400 on that field', async (query, field) => {
      const { status, body } = await w.list(`?${query}`);
      expect(status).toBe(400);
      expect(body.details.map((d: { field: string }) => d.field)).toEqual([field]);
    });

    it('takes a page of 100', async () => {
      expect((await w.list('?page_size=100')).body.ideas).toHaveLength(w.all.length);
    });
  });

  describe('statements per page', () => {
    it('reads a page in the same few statements whatever its length and filters', async () => {
      const statementsFor = async (query: string) => {
        const recorder = recordStatements(t);
        try {
          const res = await w.list(query);
          expect(res.status).toBe(200);
          return recorder.statements.length;
        } finally {
          recorder.stop();
        }
      };
      const one = await statementsFor('?page_size=1');
      const full = await statementsFor('?page_size=100');
      const deep = await statementsFor('?page=20&page_size=1');
      const filtered = await statementsFor(
        `?page_size=100&support_id=${w.funding}&school_id=${w.engineering}&following=true`,
      );
      expect(full).toBe(one);
      expect(deep).toBe(one);
      // A filtered page reads its ids under custom plans, then switches to generic ones and
      // reads their cards (decision 0047).
      expect(filtered).toBe(one + 2);
      // tenant binding, count, page (+ begin/commit on node-postgres)
      expect(one).toBeLessThanOrEqual(5);
    });
  });
});
