import { peoplePage, peoplePickerAnswer } from '@kindling/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  giveAccount,
  makeSchool,
  makeTenant,
  makeUser,
  sessionCookie,
} from '../../test/factories.ts';
import { queryRows } from '../db/client.ts';
import { departments } from '../db/schema-reference.ts';
import { bindTenant, inTenant } from '../db/tenant-scope.ts';
import { listPeople, pickPeople } from './repository.ts';

type Tenant = Awaited<ReturnType<typeof makeTenant>>;

const experience = (title: string, start: string, end: string | null) => ({
  title,
  organization: 'Org',
  employment_type: 'Full-time',
  start_date: start,
  end_date: end,
  description: `${title} work`,
});

describe('people directory', () => {
  let t: TestApp;
  let alpha: Tenant;
  let beta: Tenant;
  let alphaCookie: string;
  let betaCookie: string;
  let engineering: number;
  let medicine: number;
  let robotics: number;
  let radiology: number;
  const ids: Record<string, number> = {};

  const get = (path: string, cookie: string) =>
    t.request(`/api/v1${path}`, { headers: { cookie } });
  const names = async (res: Response) =>
    ((await res.json()) as { users: { first_name: string; last_name: string }[] }).users.map(
      (u) => `${u.first_name} ${u.last_name}`,
    );

  async function makeDepartment(tenantId: number, schoolId: number, name: string) {
    return t.db.transaction(async (tx) => {
      await bindTenant(tx, tenantId);
      const [row] = await tx
        .insert(departments)
        .values({ tenantId, schoolId, name })
        .returning({ id: departments.id });
      return row?.id as number;
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await makeTenant(t.db, 'Alpha University');
    beta = await makeTenant(t.db, 'Beta Institute');
    engineering = (await makeSchool(t.db, alpha.tenantId, 'Engineering')).id;
    medicine = (await makeSchool(t.db, alpha.tenantId, 'Medicine')).id;
    robotics = await makeDepartment(alpha.tenantId, engineering, 'Robotics');
    radiology = await makeDepartment(alpha.tenantId, medicine, 'Radiology');
    const people: [string, string, string, Parameters<typeof makeUser>[2]][] = [
      ['zoe', 'zoe', 'Young', { roleId: 1, schoolId: engineering, departmentId: robotics }],
      ['bob', 'Bob', 'Stone', { roleId: 2, schoolId: medicine, departmentId: radiology }],
      ['alice', 'alice', 'Brown', { roleId: 2, schoolId: engineering }],
      ['carl', 'Carl', 'Ng', { roleId: 4 }],
      ['pending', 'Pam', 'Pending', { adminStatusId: 1, userStatusId: 1 }],
      ['invited', 'Ivan', 'Invited', { adminStatusId: 2, userStatusId: 1 }],
      ['declined', 'Dee', 'Declined', { adminStatusId: 2, userStatusId: 3 }],
      ['refused', 'Rex', 'Refused', { adminStatusId: 3, userStatusId: 2 }],
      ['disabled', 'Dan', 'Disabled', { isDisabled: true }],
    ];
    for (const [key, firstName, lastName, overrides] of people) {
      ids[key] = (await makeUser(t.db, alpha.tenantId, { firstName, lastName, ...overrides })).id;
    }
    ids.percent = (
      await makeUser(t.db, alpha.tenantId, { firstName: 'Per%cy', lastName: 'Under_score' })
    ).id;
    ids.worker = (
      await makeUser(t.db, alpha.tenantId, {
        firstName: 'Wendy',
        lastName: 'Worker',
        headline: 'Engineer',
        experience: [
          experience('Intern', '2010-01-01', '2010-06-30'),
          { ...experience('Current', '2020-01-01', null), secret: '<script>x</script>' },
          experience('Old', '2012-01-01', '2015-12-31'),
          experience('Recent', '2016-01-01', '2019-12-31'),
          { title: 'Odd', end_date: '2000-01-01' },
        ],
      })
    ).id;
    await makeUser(t.db, beta.tenantId, { firstName: 'Alice', lastName: 'Beta' });
    await makeUser(t.db, beta.tenantId, { firstName: 'Bob', lastName: 'Beta' });
    await giveAccount(t.db, alpha.tenantId, ids.zoe as number);
    alphaCookie = await sessionCookie(
      t.db,
      t.deps.config.secretKey,
      alpha.tenantId,
      ids.zoe as number,
    );
    betaCookie = await sessionCookie(
      t.db,
      t.deps.config.secretKey,
      beta.tenantId,
      beta.adminUserId,
    );
  });
  afterAll(() => t.close());

  it('needs a session', async () => {
    for (const path of ['/users', '/users/count', '/filter/users']) {
      const res = await t.request(`/api/v1${path}?tenant_id=${alpha.tenantId}`);
      expect(res.status, path).toBe(401);
      expect((await res.json()).code).toBe('UNAUTHORIZED');
    }
  });

  it('lists only active members, by name ignoring case, ascending by default', async () => {
    const res = await get('/users?page_size=100', alphaCookie);
    expect(res.status).toBe(200);
    expect(await names(res)).toEqual([
      'Ada Admin',
      'alice Brown',
      'Bob Stone',
      'Carl Ng',
      'Per%cy Under_score',
      'Wendy Worker',
      'zoe Young',
    ]);
    const desc = await get('/users?page_size=100&sort_order=desc', alphaCookie);
    expect((await names(desc))[0]).toBe('zoe Young');
  });

  it('answers people cards: role, school and department names, photo, a few recent experiences', async () => {
    const body = peoplePage.parse(await (await get('/users?page_size=100', alphaCookie)).json());
    const zoe = body.users.find((u) => u.id === ids.zoe);
    expect(zoe).toEqual({
      id: ids.zoe,
      first_name: 'zoe',
      last_name: 'Young',
      headline: '',
      role_id: 1,
      role_name: 'Student',
      role_icon: 'student',
      school_id: engineering,
      school_name: 'Engineering',
      department_id: robotics,
      department_name: 'Robotics',
      profile_image_url: null,
      experiences: [],
    });
    const raw = (await (await get('/users?page_size=100', alphaCookie)).json()) as {
      users: Record<string, unknown>[];
    };
    for (const card of raw.users) {
      expect(card).not.toHaveProperty('email');
      expect(card).not.toHaveProperty('permissions');
      expect(card).not.toHaveProperty('bio');
    }
    const wendy = raw.users.find((u) => u.id === ids.worker) as { experiences: object[] };
    expect(wendy.experiences.map((e) => (e as { title: string }).title)).toEqual([
      'Current',
      'Recent',
      'Old',
    ]);
    expect(wendy.experiences[0]).toEqual(experience('Current', '2020-01-01', null));
  });

  it('filters by role, school, department and user, with comma lists; the count matches', async () => {
    const cases: [string, string[]][] = [
      ['role_id=2', ['alice Brown', 'Bob Stone']],
      ['role_id=2,4', ['alice Brown', 'Bob Stone', 'Carl Ng']],
      [`school_id=${engineering}`, ['alice Brown', 'zoe Young']],
      [`school_id=${engineering},${medicine}`, ['alice Brown', 'Bob Stone', 'zoe Young']],
      [`department_id=${radiology}`, ['Bob Stone']],
      [`school_id=${engineering}&role_id=1`, ['zoe Young']],
      [`user_id=${ids.bob},${ids.pending},${ids.carl}`, ['Bob Stone', 'Carl Ng']],
    ];
    for (const [query, expected] of cases) {
      const list = await get(`/users?${query}`, alphaCookie);
      expect(await names(list), query).toEqual(expected);
      const count = await get(`/users/count?${query}`, alphaCookie);
      expect(await count.json(), query).toEqual({ total_count: expected.length });
    }
    const unfiltered = await get('/users/count?role_id=&school_id=', alphaCookie);
    expect(await unfiltered.json()).toEqual({ total_count: 7 });
  });

  it('pages: total_pages from the count, a page past the last is 404, an empty first page is 200', async () => {
    const first = await (await get('/users?page_size=3', alphaCookie)).json();
    expect(first.page).toBe(1);
    expect(first.total_pages).toBe(3);
    const third = await get('/users?page_size=3&page=3', alphaCookie);
    expect(await names(third)).toEqual(['zoe Young']);
    const past = await get('/users?page_size=3&page=4', alphaCookie);
    expect(past.status).toBe(404);
    expect((await past.json()).code).toBe('NOT_FOUND');
    const empty = await get('/users?role_id=3&school_id=999999', alphaCookie);
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ users: [], page: 1, total_pages: 0 });
    expect((await (await get('/users', alphaCookie)).json()).users).toHaveLength(7);
  });

  it('every page, read from either end, follows the one order', async () => {
    for (const order of ['asc', 'desc']) {
      const all = await names(await get(`/users?page_size=100&sort_order=${order}`, alphaCookie));
      for (const size of [1, 2, 3, 4]) {
        const paged: string[] = [];
        for (let page = 1; page <= Math.ceil(all.length / size); page++) {
          const res = await get(
            `/users?page_size=${size}&page=${page}&sort_order=${order}`,
            alphaCookie,
          );
          paged.push(...(await names(res)));
        }
        expect(paged, `${order} ${size}`).toEqual(all);
      }
    }
  });

  it('refuses malformed filters and page sizes with 400 and the field', async () => {
    const cases: [string, string][] = [
      ['page_size=101', 'page_size'],
      ['page_size=0', 'page_size'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['role_id=1,x', 'role_id'],
      ['school_id=-1', 'school_id'],
      ['department_id=1,,2', 'department_id'],
      ['user_id=0', 'user_id'],
      ['sort_order=up', 'sort_order'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/users?${query}`, alphaCookie);
      expect(res.status, query).toBe(400);
      const body = await res.json();
      expect(body.code).toBe('BAD_REQUEST');
      expect(body.details[0].field, query).toBe(field);
    }
    expect((await get('/users/count?role_id=a', alphaCookie)).status).toBe(400);
    expect((await get('/filter/users?school_id=a', alphaCookie)).status).toBe(400);
  });

  it('the picker: active members whose name contains q in any case, by name, id and name only', async () => {
    const res = await get('/filter/users?q=O', alphaCookie);
    expect(res.status).toBe(200);
    const body = peoplePickerAnswer.parse(await res.json());
    expect(body.users).toEqual([
      { id: ids.alice, name: 'alice Brown' },
      { id: ids.bob, name: 'Bob Stone' },
      { id: ids.percent, name: 'Per%cy Under_score' },
      { id: ids.worker, name: 'Wendy Worker' },
      { id: ids.zoe, name: 'zoe Young' },
    ]);
    const filtered = await (await get(`/filter/users?q=o&role_id=2`, alphaCookie)).json();
    expect(filtered.users.map((u: { name: string }) => u.name)).toEqual([
      'alice Brown',
      'Bob Stone',
    ]);
    const wildcard = await (await get('/filter/users?q=%25', alphaCookie)).json();
    expect(wildcard.users).toEqual([{ id: ids.percent, name: 'Per%cy Under_score' }]);
    const underscore = await (await get('/filter/users?q=r_s', alphaCookie)).json();
    expect(underscore.users).toEqual([{ id: ids.percent, name: 'Per%cy Under_score' }]);
    const none = await (await get('/filter/users?q=pending', alphaCookie)).json();
    expect(none.users).toEqual([]);
    // PostgreSQL text cannot hold a NUL: a clear 400, not a failed query.
    const nul = await get('/filter/users?q=a%00', alphaCookie);
    expect(nul.status).toBe(400);
    expect((await nul.json()).details).toEqual([{ field: 'q', error: 'q must be plain text.' }]);
  });

  it('the picker lists at most 50', async () => {
    const crowd = await makeTenant(t.db, 'Crowded College');
    for (let n = 0; n < 55; n++) {
      await makeUser(t.db, crowd.tenantId, { firstName: 'Sam', lastName: `Same ${n}` });
    }
    const cookie = await sessionCookie(
      t.db,
      t.deps.config.secretKey,
      crowd.tenantId,
      crowd.adminUserId,
    );
    const body = await (await get('/filter/users?q=sam', cookie)).json();
    expect(body.users).toHaveLength(50);
    expect(body.users[0].name).toBe('Sam Same 0');
  });

  it("another tenant's people are never listed, counted or picked, whatever tenant_id says", async () => {
    const listed = await names(
      await get(`/users?page_size=100&tenant_id=${alpha.tenantId}`, betaCookie),
    );
    expect(listed).toEqual(['Ada Admin', 'Alice Beta', 'Bob Beta']);
    const byId = await get(`/users?user_id=${ids.alice},${ids.bob}`, betaCookie);
    expect(await byId.json()).toEqual({ users: [], page: 1, total_pages: 0 });
    const count = await get(
      `/users/count?user_id=${ids.alice}&tenant_id=${alpha.tenantId}`,
      betaCookie,
    );
    expect(await count.json()).toEqual({ total_count: 0 });
    const all = await get('/users/count', betaCookie);
    expect(await all.json()).toEqual({ total_count: 3 });
    const picked = await (await get('/filter/users?q=brown', betaCookie)).json();
    expect(picked.users).toEqual([]);
    const bySchool = await get(`/users?school_id=${engineering}`, betaCookie);
    expect((await bySchool.json()).users).toEqual([]);
  });

  it('reads pages and picks off users_directory_idx in a large tenant', async () => {
    const big = await makeTenant(t.db, 'Big State');
    await inTenant(t.db, big.tenantId, (tx) =>
      tx.execute(sql`
        insert into users (tenant_id, email, first_name, last_name, role_id, admin_status_id, user_status_id)
        select ${big.tenantId}, 'p' || n || '@big.edu', 'Person', 'Number ' || n, 1 + n % 4, 2, 2
        from generate_series(1, 5000) as n`),
    );
    await t.db.execute(sql`analyze users`);
    const plans = await inTenant(t.db, big.tenantId, async (tx) => {
      const explain = async (query: { toSQL(): { sql: string; params: unknown[] } }) => {
        const { sql: text, params } = query.toSQL();
        const rows = await queryRows(
          tx,
          sql.raw(`explain (format text) ${inline(text, params)}`),
          z.strictObject({ 'QUERY PLAN': z.string() }),
        );
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      };
      return {
        list: await explain(
          listPeople(tx, big.tenantId, {}, { limit: 10, offset: 0, order: 'asc' }),
        ),
        desc: await explain(
          listPeople(tx, big.tenantId, { role_id: [2] }, { limit: 10, offset: 0, order: 'desc' }),
        ),
        pick: await explain(pickPeople(tx, big.tenantId, { role_id: [1, 2] }, undefined, 50)),
      };
    });
    for (const [name, plan] of Object.entries(plans)) {
      expect(plan, name).toContain('users_directory_idx');
      expect(plan, name).not.toContain('Seq Scan on users');
    }
    // The page's 10 rows are sorted once joined; nothing else is.
    expect(plans.list.match(/Sort\b.*rows=(\d+)/)?.[1]).toBe('10');
    expect(plans.pick).not.toMatch(/Sort\b/);
  });
});

/** Puts a query's parameters into its text, for EXPLAIN (which takes no bind parameters here). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    return typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : `'${String(value).replaceAll("'", "''")}'`;
  });
}
