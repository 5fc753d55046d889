/** Builders shared by the idea tests: members with a live session, and ideas written in bulk. */
import { and, eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../test/app.ts';
import { jsonInit, makeUser, sessionCookie, TEST_PASSWORD } from '../../test/factories.ts';
import { hashPassword } from '../auth/password.ts';
import { accounts } from '../db/schema-auth.ts';
import { ideas } from '../db/schema-ideas.ts';
import type { users } from '../db/schema-people.ts';
import { supportTypes } from '../db/schema-reference.ts';
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
    const rows = (await tx.execute(sql`
      insert into ideas (tenant_id, title, introduction, principal_investigator_id, created_at)
      select ${tenantId}, ${prefix} || ' ' || n, 'Introduction ' || n, ${principalInvestigatorId},
             now() - make_interval(mins => ${start} + n)
      from generate_series(1, ${count}) n
      returning id`)) as unknown as { rows: { id: number }[] };
    const ids = rows.rows.map((row) => row.id);
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
