import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeSchool, makeTenant } from '../../test/factories.ts';
import { users } from '../db/schema-people.ts';
import { departments } from '../db/schema-reference.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import {
  getJson,
  insertIdeas,
  type Member,
  makeMember,
  postIdea,
  recordStatements,
  supportIds,
} from './test-fixtures.ts';

type Card = { id: number; title: string; created_at: string; support_ids: number[] };
const ids = (body: { ideas: Card[] }) => body.ideas.map((idea) => idea.id);

describe('the idea feed: GET /ideas, /ideas/count, /users/{id}/ideas, /filter/idea-owners', () => {
  let t: TestApp;
  let tenantId: number;
  let viewer: Member;
  let engineer: Member;
  let chemist: Member;
  let historian: Member;
  let engineering: number;
  let humanities: number;
  let robotics: number;
  let optics: number;
  let funding: number;
  let mentorship: number;
  /** Every idea of the tenant, newest first. */
  let all: number[];
  let engineerIdeas: number[];
  let chemistIdeas: number[];
  let historianIdeas: number[];

  const list = (query: string, cookie = viewer.cookie) => getJson(t, `/ideas${query}`, cookie);
  const count = async (query: string) =>
    (await getJson(t, `/ideas/count${query}`, viewer.cookie)).body;

  /** Reads every page of a query and answers the ids in the order the pages gave them. */
  const readAll = async (query: string, pageSize: number) => {
    const first = await list(`?page_size=${pageSize}&${query}`);
    expect(first.status).toBe(200);
    const seen = ids(first.body);
    for (let page = 2; page <= first.body.total_pages; page++) {
      const next = await list(`?page=${page}&page_size=${pageSize}&${query}`);
      expect(next.status).toBe(200);
      expect(next.body.page).toBe(page);
      seen.push(...ids(next.body));
    }
    return { seen, totalPages: first.body.total_pages as number };
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ tenantId } = await makeTenant(t.db, 'Alpha University'));
    engineering = (await makeSchool(t.db, tenantId, 'Engineering')).id;
    humanities = (await makeSchool(t.db, tenantId, 'Humanities')).id;
    [robotics, optics] = await t.db.transaction(async (tx) => {
      await bindTenant(tx, tenantId);
      const rows = await tx
        .insert(departments)
        .values([
          { tenantId, schoolId: engineering, name: 'Robotics' },
          { tenantId, schoolId: engineering, name: 'Optics' },
        ])
        .returning({ id: departments.id });
      return rows.map((row) => row.id) as [number, number];
    });
    [funding, , mentorship] = (await supportIds(t, tenantId)) as [number, number, number];
    viewer = await makeMember(t, tenantId, { firstName: 'Vera', lastName: 'Viewer' });
    engineer = await makeMember(t, tenantId, {
      firstName: 'eve',
      lastName: 'Engineer',
      schoolId: engineering,
      departmentId: robotics,
    });
    chemist = await makeMember(t, tenantId, {
      firstName: 'Carl',
      lastName: 'Chemist',
      schoolId: engineering,
      departmentId: optics,
    });
    historian = await makeMember(t, tenantId, {
      firstName: 'Hana',
      lastName: 'Historian',
      schoolId: humanities,
    });
    // Interleaved in time: engineer's ideas are minutes 0-11 ago, chemist's 12-18, historian's 19-23.
    engineerIdeas = await insertIdeas(t, tenantId, engineer.id, 12, {
      prefix: 'Robot',
      supportId: funding,
    });
    chemistIdeas = await insertIdeas(t, tenantId, chemist.id, 7, {
      prefix: 'Lens',
      supportId: mentorship,
      minutesAgo: 12,
    });
    historianIdeas = await insertIdeas(t, tenantId, historian.id, 5, {
      prefix: 'Archive',
      minutesAgo: 19,
    });
    all = [...engineerIdeas, ...chemistIdeas, ...historianIdeas];
  });
  afterAll(() => t.close());

  describe('GET /ideas', () => {
    it('answers the newest ten by default with the card fields', async () => {
      const { status, body } = await list('');
      expect(status).toBe(200);
      expect(body.page).toBe(1);
      expect(body.total_pages).toBe(3);
      expect(ids(body)).toEqual(all.slice(0, 10));
      expect(body.ideas[0]).toMatchObject({
        id: all[0],
        title: 'Robot 1',
        introduction: 'Introduction 1',
        support_ids: [funding],
        ip_status_id: null,
        is_following: false,
        follower_count: 0,
        case_manager: null,
        principal_investigator: {
          id: engineer.id,
          first_name: 'eve',
          school_id: engineering,
          department_id: robotics,
          role_name: 'Student',
        },
      });
    });

    it('sorts oldest first with sort_order=asc', async () => {
      const { body } = await list('?sort_order=asc&page_size=5');
      expect(ids(body)).toEqual([...all].reverse().slice(0, 5));
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
        const { seen, totalPages } = await readAll(`sort_order=${order}`, size);
        expect(totalPages).toBe(Math.ceil(all.length / size));
        expect(seen).toEqual(order === 'desc' ? all : [...all].reverse());
      },
    );

    it('breaks ties of created_at by id', async () => {
      const other = await makeTenant(t.db, 'Tie University');
      const pi = await makeMember(t, other.tenantId);
      const tied = await t.db.transaction(async (tx) => {
        await bindTenant(tx, other.tenantId);
        const result = (await tx.execute(sql`
          insert into ideas (tenant_id, title, introduction, principal_investigator_id, created_at)
          select ${other.tenantId}, 'Tie ' || n, 'x', ${pi.id}, '2026-01-01T00:00:00Z'
          from generate_series(1, 7) n returning id`)) as unknown as { rows: { id: number }[] };
        return result.rows.map((row) => row.id).sort((a, b) => a - b);
      });
      const pages = [];
      for (let page = 1; page <= 3; page++) {
        pages.push(...ids((await getJson(t, `/ideas?page=${page}&page_size=3`, pi.cookie)).body));
      }
      expect(pages).toEqual([...tied].reverse());
    });

    it('answers a page past the last with 404, and an empty first page with 200', async () => {
      const past = await list('?page=4');
      expect(past.status).toBe(404);
      expect(past.body.code).toBe('NOT_FOUND');
      const none = await list(`?idea_owner_id=${viewer.id}`);
      expect(none).toEqual({ status: 200, body: { ideas: [], page: 1, total_pages: 0 } });
      expect((await list(`?idea_owner_id=${viewer.id}&page=2`)).status).toBe(404);
    });

    it('filters by support types, any of a comma list', async () => {
      expect(ids((await list(`?support_id=${funding}&page_size=100`)).body)).toEqual(engineerIdeas);
      expect(ids((await list(`?support_id=${funding},${mentorship}&page_size=100`)).body)).toEqual([
        ...engineerIdeas,
        ...chemistIdeas,
      ]);
    });

    it("filters by the principal investigator's school and department", async () => {
      expect(ids((await list(`?school_id=${engineering}&page_size=100`)).body)).toEqual([
        ...engineerIdeas,
        ...chemistIdeas,
      ]);
      expect(ids((await list(`?department_id=${optics}&page_size=100`)).body)).toEqual(
        chemistIdeas,
      );
      expect(
        ids(
          (
            await list(
              `?school_id=${engineering},${humanities}&department_id=${robotics}&page_size=100`,
            )
          ).body,
        ),
      ).toEqual(engineerIdeas);
      expect(ids((await list(`?school_id=${humanities}&page_size=100`)).body)).toEqual(
        historianIdeas,
      );
    });

    it('follows a principal investigator who moves to another school', async () => {
      const mover = await makeMember(t, tenantId, { schoolId: humanities });
      const [moved] = await insertIdeas(t, tenantId, mover.id, 1, { minutesAgo: 1000 });
      const inSchool = async (school: number) =>
        ids((await list(`?school_id=${school}&page_size=100`)).body).includes(moved as number);
      expect(await inSchool(humanities)).toBe(true);
      await t.db.transaction(async (tx) => {
        await bindTenant(tx, tenantId);
        await tx
          .update(users)
          .set({ schoolId: engineering, departmentId: optics })
          .where(and(eq(users.tenantId, tenantId), eq(users.id, mover.id)));
      });
      expect(await inSchool(humanities)).toBe(false);
      expect(await inSchool(engineering)).toBe(true);
      expect(ids((await list(`?department_id=${optics}&page_size=100`)).body)).toContain(moved);
      const res = await t.request(`/api/v1/ideas/${moved}`, {
        method: 'DELETE',
        headers: { cookie: mover.cookie },
      });
      expect(res.status).toBe(200);
    });

    it('filters by idea owner, the principal investigator', async () => {
      expect(
        ids((await list(`?idea_owner_id=${historian.id},${chemist.id}&page_size=100`)).body),
      ).toEqual([...chemistIdeas, ...historianIdeas]);
    });

    it('following=true keeps the ideas the member follows; false filters nothing', async () => {
      const followed = [engineerIdeas[3], historianIdeas[0]] as number[];
      for (const id of followed) {
        const res = await t.request(`/api/v1/ideas/${id}/follow`, {
          method: 'POST',
          headers: { cookie: viewer.cookie },
        });
        expect(res.status).toBe(200);
      }
      const { body } = await list('?following=true');
      expect(ids(body)).toEqual(followed);
      expect(body.ideas.every((idea: { is_following: boolean }) => idea.is_following)).toBe(true);
      expect(body.ideas[0].follower_count).toBe(1);
      expect((await list('?following=false')).body.total_pages).toBe(3);
      const engineerView = await list('?following=true', engineer.cookie);
      expect(engineerView.body.ideas).toEqual([]);
    });

    it('combines filters with AND', async () => {
      const { body } = await list(
        `?school_id=${engineering}&support_id=${mentorship}&idea_owner_id=${chemist.id},${engineer.id}&page_size=100`,
      );
      expect(ids(body)).toEqual(chemistIdeas);
    });

    it('unknown ids match nothing', async () => {
      expect((await list('?support_id=2000000000')).body.ideas).toEqual([]);
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
      const { status, body } = await list(`?${query}`);
      expect(status).toBe(400);
      expect(body.details.map((d: { field: string }) => d.field)).toEqual([field]);
    });

    it('takes a page of 100', async () => {
      expect((await list('?page_size=100')).body.ideas).toHaveLength(all.length);
    });
  });

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
        .replace('SUPPORTS', `${funding},${mentorship}`)
        .replace('ENGINEERING', String(engineering))
        .replace('OPTICS', String(optics))
        .replace('HISTORIAN', String(historian.id));
      const { total_count } = await count(query);
      const { seen } = await readAll(query.replace('?', ''), 3);
      expect(total_count).toBe(seen.length);
      expect(new Set(seen).size).toBe(seen.length);
    });

    it('counts an idea seeking several of the listed support types once', async () => {
      const both = await postIdea(t, viewer.cookie, { support_ids: [funding, mentorship] });
      try {
        const query = `support_id=${funding},${mentorship}`;
        const { total_count } = await count(`?${query}`);
        const { seen } = await readAll(query, 4);
        expect(seen).toContain(both);
        expect(total_count).toBe(seen.length);
        expect(total_count).toBe(engineerIdeas.length + chemistIdeas.length + 1);
      } finally {
        await t.request(`/api/v1/ideas/${both}`, {
          method: 'DELETE',
          headers: { cookie: viewer.cookie },
        });
      }
    });

    it('counts everything without filters, as ideas come and go, and refuses malformed filters', async () => {
      expect(await count('')).toEqual({ total_count: all.length });
      const extra = await postIdea(t, viewer.cookie);
      expect(await count('')).toEqual({ total_count: all.length + 1 });
      await t.request(`/api/v1/ideas/${extra}`, {
        method: 'DELETE',
        headers: { cookie: viewer.cookie },
      });
      expect(await count('')).toEqual({ total_count: all.length });
      const other = await makeTenant(t.db, 'Counted University');
      const stranger = await makeMember(t, other.tenantId);
      expect((await getJson(t, '/ideas/count', stranger.cookie)).body).toEqual({ total_count: 0 });
      expect((await getJson(t, '/ideas/count?support_id=x', viewer.cookie)).status).toBe(400);
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

  describe('statements per page', () => {
    it('reads a page in the same few statements whatever its length and filters', async () => {
      const statementsFor = async (query: string) => {
        const recorder = recordStatements(t);
        try {
          const res = await list(query);
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
        `?page_size=100&support_id=${funding}&school_id=${engineering}&following=true`,
      );
      expect(full).toBe(one);
      expect(deep).toBe(one);
      expect(filtered).toBe(one);
      // tenant binding, count, page (+ begin/commit on node-postgres)
      expect(one).toBeLessThanOrEqual(5);
    });
  });

  describe('GET /users/{id}/ideas', () => {
    it("pages through a member's ideas as principal investigator, newest first", async () => {
      const { status, body } = await getJson(
        t,
        `/users/${chemist.id}/ideas?page_size=5`,
        viewer.cookie,
      );
      expect(status).toBe(200);
      expect(body.total_pages).toBe(2);
      expect(ids(body)).toEqual(chemistIdeas.slice(0, 5));
      const second = await getJson(
        t,
        `/users/${chemist.id}/ideas?page=2&page_size=5`,
        viewer.cookie,
      );
      expect(ids(second.body)).toEqual(chemistIdeas.slice(5));
      expect(
        (await getJson(t, `/users/${chemist.id}/ideas?page=3&page_size=5`, viewer.cookie)).status,
      ).toBe(404);
    });

    it('answers an empty list for a member without ideas and 404 for an unknown member', async () => {
      expect((await getJson(t, `/users/${viewer.id}/ideas`, viewer.cookie)).body).toEqual({
        ideas: [],
        page: 1,
        total_pages: 0,
      });
      const unknown = await getJson(t, '/users/2000000000/ideas', viewer.cookie);
      expect(unknown.status).toBe(404);
      expect((await getJson(t, '/users/abc/ideas', viewer.cookie)).status).toBe(400);
    });
  });

  describe('GET /filter/idea-owners', () => {
    const owners = async (query = '') =>
      (await getJson(t, `/filter/idea-owners${query}`, viewer.cookie)).body.users;

    it('lists active members who lead an idea, by name ignoring case', async () => {
      expect(await owners()).toEqual([
        { id: chemist.id, name: 'Carl Chemist' },
        { id: engineer.id, name: 'eve Engineer' },
        { id: historian.id, name: 'Hana Historian' },
      ]);
    });

    it('filters by school, department and part of a name in any case', async () => {
      expect(await owners(`?school_id=${engineering}`)).toEqual([
        { id: chemist.id, name: 'Carl Chemist' },
        { id: engineer.id, name: 'eve Engineer' },
      ]);
      expect(await owners(`?department_id=${robotics}`)).toEqual([
        { id: engineer.id, name: 'eve Engineer' },
      ]);
      expect(await owners('?q=HIST')).toEqual([{ id: historian.id, name: 'Hana Historian' }]);
      expect(await owners('?q=l%20ch')).toEqual([{ id: chemist.id, name: 'Carl Chemist' }]);
      expect(await owners('?q=%25')).toEqual([]);
      expect(await owners('?q=_')).toEqual([]);
    });

    it('leaves out members who are not active', async () => {
      const pending = await makeMember(t, tenantId, {
        firstName: 'Aaron',
        lastName: 'Pending',
        userStatusId: 1,
      });
      await insertIdeas(t, tenantId, pending.id, 1, { minutesAgo: 500 });
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
      expect((await getJson(t, '/filter/idea-owners?school_id=x', viewer.cookie)).status).toBe(400);
    });
  });
});
