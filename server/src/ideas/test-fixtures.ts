/**
 * Builders shared by the idea tests: members with a live session, ideas written in bulk, and the
 * feed tests' tenant.
 */
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import {
  jsonInit,
  makeSchool,
  makeTenant,
  makeUser,
  sessionCookie,
  TEST_PASSWORD,
} from '../../test/factories.ts';
import { hashPassword } from '../auth/password.ts';
import { queryRows } from '../db/client.ts';
import { idRow } from '../db/rows.ts';
import { accounts } from '../db/schema-auth.ts';
import { ideas } from '../db/schema-ideas.ts';
import type { users } from '../db/schema-people.ts';
import { departments, supportTypes } from '../db/schema-reference.ts';
import { bindTenant } from '../db/tenant-scope.ts';

export const AUTHOR_PERMISSIONS = ['create_idea', 'update_idea', 'delete_idea'];

export type Member = Awaited<ReturnType<typeof makeMember>>;

/** Hashing is slow by design; every member of these tests shares one hash of TEST_PASSWORD. */
let passwordHash: Promise<string> | undefined;

/** A member with an account and a session cookie. */
export async function makeMember(
  t: TestApp,
  tenantId: number,
  overrides: Partial<typeof users.$inferInsert> = {},
) {
  const user = await makeUser(t.db, tenantId, { permissions: AUTHOR_PERMISSIONS, ...overrides });
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const hash = await passwordHash;
  await t.db.transaction(async (tx) => {
    await bindTenant(tx, tenantId);
    await tx.insert(accounts).values({ tenantId, userId: user.id, passwordHash: hash });
  });
  const cookie = await sessionCookie(t.db, t.deps.config.secretKey, tenantId, user.id);
  return { ...user, cookie };
}

export async function supportIds(t: TestApp, tenantId: number): Promise<number[]> {
  return t.db.transaction(async (tx) => {
    await bindTenant(tx, tenantId);
    const rows = await tx
      .select({ id: supportTypes.id })
      .from(supportTypes)
      .where(eq(supportTypes.tenantId, tenantId))
      .orderBy(supportTypes.id);
    return rows.map((row) => row.id);
  });
}

/** Posts an idea through the API and answers its id. */
export async function postIdea(
  t: TestApp,
  cookie: string,
  body: Record<string, unknown> = {},
): Promise<number> {
  const res = await t.request(
    '/api/v1/ideas',
    jsonInit('POST', { title: 'An idea', introduction: 'Why it matters', ...body }, cookie),
  );
  if (res.status !== 201) throw new Error(`post idea failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { idea_id: number }).idea_id;
}

/**
 * `count` ideas by one principal investigator in one statement, one per minute going back from
 * now, titled `{prefix} {n}` with n = 1 the newest; `supportId` is sought by every one of them.
 */
export async function insertIdeas(
  t: TestApp,
  tenantId: number,
  principalInvestigatorId: number,
  count: number,
  options: { prefix?: string; supportId?: number; minutesAgo?: number } = {},
): Promise<number[]> {
  const prefix = options.prefix ?? 'Bulk idea';
  const start = options.minutesAgo ?? 0;
  return t.db.transaction(async (tx) => {
    await bindTenant(tx, tenantId);
    const rows = await queryRows(
      tx,
      sql`
      insert into ideas (tenant_id, title, introduction, principal_investigator_id, created_at)
      select ${tenantId}, ${prefix} || ' ' || n, 'Introduction ' || n, ${principalInvestigatorId},
             now() - make_interval(mins => ${start} + n)
      from generate_series(1, ${count}) n
      returning id`,
      idRow,
    );
    const ids = rows.map((row) => row.id);
    if (options.supportId !== undefined) {
      await tx.execute(sql`
        insert into idea_supports (tenant_id, idea_id, support_id)
        select ${tenantId}, id, ${options.supportId} from unnest(${sql.raw(`array[${ids.join(',')}]`)}::int[]) id`);
    }
    return ids;
  });
}

export async function setCaseManager(
  t: TestApp,
  tenantId: number,
  ideaId: number,
  caseManagerId: number,
) {
  await t.db.transaction(async (tx) => {
    await bindTenant(tx, tenantId);
    await tx
      .update(ideas)
      .set({ caseManagerId })
      .where(and(eq(ideas.tenantId, tenantId), eq(ideas.id, ideaId)));
  });
}

export const getJson = async (t: TestApp, path: string, cookie: string) => {
  const res = await t.request(`/api/v1${path}`, { headers: { cookie } });
  return { status: res.status, body: await res.json() };
};

interface QueryLogger {
  logQuery(query: string, params: unknown[]): void;
}

const SESSION_LOOKUP = /where s\.token_hash = /;

/**
 * Records every SQL statement the app sends from now on but the session lookup, by swapping
 * drizzle's query logger (the one seam both drivers share; transactions copy it from the
 * session's options).
 */
export function recordStatements(t: TestApp) {
  const session = (
    t.db as unknown as { session: { logger: QueryLogger; options: { logger?: QueryLogger } } }
  ).session;
  const previous = { logger: session.logger, optionsLogger: session.options.logger };
  const statements: string[] = [];
  const withValues: { text: string; values: unknown[] }[] = [];
  const logger: QueryLogger = {
    logQuery: (query, params) => {
      // Not the session lookup: on PostgreSQL a session found is kept for a second (decision
      // 0044), so whether a request makes it depends on how long the test took, not on the route.
      if (SESSION_LOOKUP.test(query)) return;
      statements.push(query);
      withValues.push({ text: query, values: params });
    },
  };
  session.logger = logger;
  session.options.logger = logger;
  return {
    statements,
    /** The same statements with their parameters. */
    withValues,
    stop() {
      session.logger = previous.logger;
      session.options.logger = previous.optionsLogger;
    },
  };
}

type Card = { id: number; title: string; created_at: string; support_ids: number[] };
export const ids = (body: { ideas: Card[] }) => body.ideas.map((idea) => idea.id);

/**
 * The feed tests' tenant: Engineering (Robotics, Optics) and Humanities, a viewer, and three
 * principal investigators whose ideas are interleaved in time; with readers of the feed as the viewer.
 */
export async function feedWorld(t: TestApp) {
  const { tenantId } = await makeTenant(t.db, 'Alpha University');
  const engineering = (await makeSchool(t.db, tenantId, 'Engineering')).id;
  const humanities = (await makeSchool(t.db, tenantId, 'Humanities')).id;
  const [robotics, optics] = await t.db.transaction(async (tx) => {
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
  const [funding, , mentorship] = (await supportIds(t, tenantId)) as [number, number, number];
  const viewer = await makeMember(t, tenantId, { firstName: 'Vera', lastName: 'Viewer' });
  const engineer = await makeMember(t, tenantId, {
    firstName: 'eve',
    lastName: 'Engineer',
    schoolId: engineering,
    departmentId: robotics,
  });
  const chemist = await makeMember(t, tenantId, {
    firstName: 'Carl',
    lastName: 'Chemist',
    schoolId: engineering,
    departmentId: optics,
  });
  const historian = await makeMember(t, tenantId, {
    firstName: 'Hana',
    lastName: 'Historian',
    schoolId: humanities,
  });
  // Interleaved in time: engineer's ideas are minutes 0-11 ago, chemist's 12-18, historian's 19-23.
  const engineerIdeas = await insertIdeas(t, tenantId, engineer.id, 12, {
    prefix: 'Robot',
    supportId: funding,
  });
  const chemistIdeas = await insertIdeas(t, tenantId, chemist.id, 7, {
    prefix: 'Lens',
    supportId: mentorship,
    minutesAgo: 12,
  });
  const historianIdeas = await insertIdeas(t, tenantId, historian.id, 5, {
    prefix: 'Archive',
    minutesAgo: 19,
  });

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

  return {
    tenantId,
    viewer,
    engineer,
    chemist,
    historian,
    engineering,
    humanities,
    robotics,
    optics,
    funding,
    mentorship,
    /** Every idea of the tenant, newest first. */
    all: [...engineerIdeas, ...chemistIdeas, ...historianIdeas],
    engineerIdeas,
    chemistIdeas,
    historianIdeas,
    list,
    count,
    readAll,
  };
}

export type FeedWorld = Awaited<ReturnType<typeof feedWorld>>;

/** An idea with every field filled, blank links and patents among them. */
export const fullIdea = {
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

/**
 * The writing tests' tenant: an author, a colleague and a reader who may not post, with its
 * support types and an IP status; and the writes, as the author unless a cookie is given.
 */
export async function writeWorld(t: TestApp) {
  const { tenantId } = await makeTenant(t.db, 'Alpha University');
  const author = await makeMember(t, tenantId, { firstName: 'Ada', lastName: 'Author', roleId: 1 });
  const colleague = await makeMember(t, tenantId, { firstName: 'Cy', lastName: 'Colleague' });
  const reader = await makeMember(t, tenantId, { roleId: 4, permissions: [] });
  const supports = await supportIds(t, tenantId);
  const ip = await getJson(t, '/ip-status', author.cookie);
  const ipStatusId: number = ip.body.ip_statuses[2].id;
  return {
    tenantId,
    author,
    colleague,
    reader,
    supports,
    ipStatusId,
    post: (body: unknown, cookie = author.cookie) =>
      t.request('/api/v1/ideas', jsonInit('POST', body, cookie)),
    put: (id: number, body: unknown, cookie = author.cookie) =>
      t.request(`/api/v1/ideas/${id}`, jsonInit('PUT', body, cookie)),
    remove: (id: number, cookie = author.cookie) =>
      t.request(`/api/v1/ideas/${id}`, { method: 'DELETE', headers: { cookie } }),
  };
}

export type WriteWorld = Awaited<ReturnType<typeof writeWorld>>;

/** The field errors of a 400 answer. */
export async function detailsOf(res: Response) {
  expect(res.status).toBe(400);
  const body = await res.json();
  expect(body).toMatchObject({ code: 'BAD_REQUEST', status: 400 });
  return body.details as { field: string; error: string }[];
}
