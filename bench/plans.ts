/**
 * The hot routes' statements on a seeded tenant, as the app sends them: how many each request
 * sends, and how many rows each statement's plan reads, from `EXPLAIN (ANALYZE, BUFFERS)` of the
 * statement prepared and planned as the app plans it (generic or custom, `Plans` in
 * db/tenant-scope.ts). A page's statements must read about a page's rows whatever the tenant's
 * size; a plan that walks the table instead is what made issue 15's feed take 80 ms.
 *
 *   node --import tsx bench/plans.ts [--database URL | --data-dir DIR] [--domain D] [--verbose] [--sql]
 *
 * `--verbose` shows every statement's reading, not only those over budget; `--sql` prints each
 * statement with its values, to explain further in psql.
 *
 * `npm run bench` runs it on the databases it measures. Exits 1 when a budget is exceeded.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { createApp } from '../server/src/app.ts';
import { SESSION_COOKIE } from '../server/src/auth/session-middleware.ts';
import { randomToken, tokenHash } from '../server/src/auth/tokens.ts';
import { loadConfig } from '../server/src/config.ts';
import { type Database, openDatabase, queryRows } from '../server/src/db/client.ts';
import type { PgliteClient } from '../server/src/db/pglite-prepared.ts';
import { bindTenant, type Plans } from '../server/src/db/tenant-scope.ts';
import { assemble } from '../server/src/deps.ts';
import { createLogger } from '../server/src/logger.ts';
import { explainAsApp, type PlanReading } from '../server/test/plans.ts';

/** One statement as the driver was handed it. */
interface Sent {
  text: string;
  values: unknown[];
}

/** What one statement's plan read. */
export interface StatementPlan extends PlanReading {
  text: string;
}

export interface RoutePlans {
  route: string;
  url: string;
  /** Statements sent to the database for one request, transaction control included. */
  statements: number;
  /** The most rows any one of its statements may read. */
  budget: number;
  plans: StatementPlan[];
  met: boolean;
}

// ----------------------------------------------------------------------------------- capturing

let capture: Sent[] | null = null;
const record = (text: unknown, values: unknown) => {
  if (capture && typeof text === 'string') {
    capture.push({ text, values: Array.isArray(values) ? values : [] });
  }
};

let watchingPostgres = false;

/** Every statement node-postgres sends, one per round trip (db/client.ts's own joined `begin`). */
function watchPostgres() {
  if (watchingPostgres) return;
  watchingPostgres = true;
  const query = pg.Client.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: pg.Client#query has many overloads.
  pg.Client.prototype.query = function (this: pg.Client, config: any, values?: any, cb?: any) {
    record(typeof config === 'string' ? config : config?.text, values ?? config?.values);
    // biome-ignore lint/suspicious/noExplicitAny: passed through unchanged.
    return (query as any).call(this, config, values, cb);
  } as typeof query;
}

/** Every statement drizzle hands PGlite, inside transactions too, before it is prepared or not. */
function watchPglite(client: PgliteClient) {
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: unknown) => {
    record(text, params);
    // biome-ignore lint/suspicious/noExplicitAny: passed through unchanged.
    return query(text, params as any, options as any);
  }) as typeof client.query;
  const transaction = client.transaction.bind(client);
  client.transaction = ((work: Parameters<PgliteClient['transaction']>[0]) =>
    transaction((tx) => {
      record('begin', []);
      const txQuery = tx.query.bind(tx);
      tx.query = ((text: string, params?: unknown[], options?: unknown) => {
        record(text, params);
        // biome-ignore lint/suspicious/noExplicitAny: passed through unchanged.
        return txQuery(text, params as any, options as any);
      }) as typeof tx.query;
      return work(tx).finally(() => record('commit', []));
    })) as typeof client.transaction;
}

// ------------------------------------------------------------------------------------ plans

/**
 * The plan mode each statement ran under: the one its transaction bound (db/tenant-scope.ts), or
 * the one a later `set_config` of `plan_cache_mode` switched to (`underGenericPlans`).
 */
function plansOfEach(sent: Sent[]): Plans[] {
  let mode: Plans = 'custom';
  return sent.map((statement) => {
    if (statement.text.includes("set_config('plan_cache_mode'")) {
      mode = [statement.text, ...statement.values.map(String)].some((part) =>
        part.includes('force_generic_plan'),
      )
        ? 'generic'
        : 'custom';
    }
    return mode;
  });
}

const isControl = (text: string) =>
  /^(begin|commit|rollback)$/i.test(text.trim()) || text.includes("set_config('app.tenant_id'");

// ---------------------------------------------------------------------------------- the routes

interface Route {
  name: string;
  url: string;
  /**
   * Rows its count may read, when it counts filtered rows rather than reading a tally: the rows
   * of its most selective filter, which an index gives in one walk.
   */
  counted?: number;
}

const PAGE = 10;
/** Rows a page's statement may read per card: its idea, people, roles, supports and follows. */
const PER_CARD = 10;
const PAGE_ROWS = PAGE * PER_CARD;

/** The hot routes, with ids found in the tenant's own data. */
async function hotRoutes(database: Database, tenantId: number, memberId: number) {
  const [sample] = await database.db.transaction(async (tx) => {
    await bindTenant(tx, tenantId);
    return queryRows(
      tx,
      sql`with owner as (
            select principal_investigator_id as id, count(*)::int as n from ideas
            where tenant_id = ${tenantId} group by 1 order by 2 desc limit 1),
          school as (select min(id) as id from schools where tenant_id = ${tenantId})
          select (select max(id) from ideas where tenant_id = ${tenantId}) as idea,
            (select id from owner) as owner, (select n from owner) as owned,
            (select count(*)::int from ideas where tenant_id = ${tenantId}
              and principal_investigator_id = ${memberId}) as mine,
            (select id from school) as school,
            (select count(*)::int from ideas where tenant_id = ${tenantId}
              and pi_school_id = (select id from school)) as school_ideas,
            (select count(*)::int from users where tenant_id = ${tenantId}
              and school_id = (select id from school)) as school_people,
            (select min(id) from support_types where tenant_id = ${tenantId}) as support,
            (select count(*)::int from follows where tenant_id = ${tenantId}
              and user_id = ${memberId}) as following,
            (select ideas from idea_tallies where tenant_id = ${tenantId}) as ideas,
            (select members from member_tallies where tenant_id = ${tenantId}) as people`,
      z.strictObject({
        idea: z.number(),
        owner: z.number(),
        owned: z.number(),
        mine: z.number(),
        school: z.number(),
        school_ideas: z.number(),
        school_people: z.number(),
        support: z.number(),
        following: z.number(),
        ideas: z.number(),
        people: z.number(),
      }),
    );
  });
  if (!sample) throw new Error('the tenant has no data');
  const paged = `page_size=${PAGE}`;
  const routes: Route[] = [
    { name: 'feed, first page', url: `/ideas?page=1&${paged}` },
    { name: 'feed, last page', url: `/ideas?page=${Math.ceil(sample.ideas / PAGE)}&${paged}` },
    {
      name: 'feed, filtered',
      url: `/ideas?page=1&${paged}&support_id=${sample.support}&school_id=${sample.school}`,
      counted: sample.school_ideas,
    },
    { name: 'following', url: `/ideas?page=1&${paged}&following=true`, counted: sample.following },
    {
      name: "user's ideas",
      url: `/users/${sample.owner}/ideas?page=1&${paged}`,
      counted: sample.owned,
    },
    {
      name: 'my ideas',
      url: `/ideas?page=1&${paged}&idea_owner_id=${memberId}`,
      counted: sample.mine,
    },
    { name: 'directory, first page', url: `/users?page=1&${paged}` },
    {
      name: 'directory, last page',
      url: `/users?page=${Math.ceil(sample.people / PAGE)}&${paged}`,
    },
    {
      name: 'directory, filtered',
      url: `/users?page=1&${paged}&school_id=${sample.school}`,
      counted: sample.school_people,
    },
    { name: 'profile', url: `/profiles/${sample.owner}` },
    { name: 'idea', url: `/ideas/${sample.idea}` },
    { name: 'recommendations', url: `/recommendations/ideas?page=1&${paged}` },
    { name: 'idea count', url: '/ideas/count' },
    { name: 'people count', url: '/users/count' },
  ];
  return routes;
}

/** What one statement may read: a page's worth, or for a count of filtered rows what it counts. */
const budgetOf = (route: Route, text: string) =>
  /^\s*select count\(/i.test(text) && route.counted !== undefined
    ? Math.max(PAGE_ROWS, route.counted)
    : PAGE_ROWS;

// ------------------------------------------------------------------------------------ the run

/** A session for the tenant's first seeded member, as signing in would make. */
async function sessionFor(database: Database, tenantId: number, secretKey: string) {
  return database.db.transaction(async (tx) => {
    await bindTenant(tx, tenantId);
    const [member] = await queryRows(
      tx,
      sql`select id from users where tenant_id = ${tenantId} and email like 'person1@%'
          union all select min(id) from users where tenant_id = ${tenantId} limit 1`,
      z.strictObject({ id: z.number() }),
    );
    if (!member) throw new Error('the tenant has no members');
    const token = randomToken();
    await tx.execute(
      sql`insert into sessions (tenant_id, user_id, token_hash, expires_at)
          values (${tenantId}, ${member.id}, ${tokenHash(secretKey, token)}, now() + interval '1 hour')`,
    );
    return { memberId: member.id, cookie: `${SESSION_COOKIE}=${token}` };
  });
}

export async function checkPlans(
  database: Database,
  domain: string,
  say: (line: string) => void = () => {},
  show: { verbose?: boolean | undefined; sql?: boolean | undefined } = {},
): Promise<RoutePlans[]> {
  if (database.kind === 'postgres') watchPostgres();
  else watchPglite((database.db as unknown as { $client: PgliteClient }).$client);
  const [tenant] = await queryRows(
    database.db,
    sql`select id from tenants where domain = ${domain}`,
    z.strictObject({ id: z.number() }),
  );
  if (!tenant) throw new Error(`no tenant ${domain}`);
  const config = loadConfig({
    NODE_ENV: 'test',
    SECRET_KEY: 'bench-secret-key-that-is-long-enough-0123456789',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kindling-plans-')),
  });
  const assembled = assemble(config, database, createLogger('silent'));
  const app = createApp(assembled.deps);
  const { memberId, cookie } = await sessionFor(database, tenant.id, config.secretKey);
  const results: RoutePlans[] = [];
  try {
    for (const route of await hotRoutes(database, tenant.id, memberId)) {
      // Once to warm the ranking cache and the session, as a request in a steady state finds them.
      await app.request(`/api/v1${route.url}`, { headers: { cookie, host: domain } });
      capture = [];
      const res = await app.request(`/api/v1${route.url}`, { headers: { cookie, host: domain } });
      const sent = capture;
      capture = null;
      if (res.status !== 200) throw new Error(`${route.url} answered ${res.status}`);
      const modes = plansOfEach(sent);
      const plans: StatementPlan[] = [];
      for (const [index, statement] of sent.entries()) {
        if (isControl(statement.text) || statement.values.length === 0) continue;
        const mode = modes[index] ?? 'custom';
        const reading = await explainAsApp(database.db, tenant.id, statement, mode);
        if (show.sql) {
          say(
            `-- ${route.name} (${mode})\n${statement.text};\n-- ${JSON.stringify(statement.values)}`,
          );
        }
        plans.push({ text: statement.text, ...reading });
      }
      const most = Math.max(0, ...plans.map((p) => p.rowsRead));
      const over = plans.filter((p) => p.rowsRead > budgetOf(route, p.text) || p.jit);
      const met = over.length === 0;
      results.push({
        route: route.name,
        url: route.url,
        statements: sent.length,
        budget: Math.max(...plans.map((p) => budgetOf(route, p.text))),
        plans,
        met,
      });
      say(
        `${database.kind.padEnd(8)} ${route.name.padEnd(22)} ${String(sent.length).padStart(2)} statements, most rows read by one ${String(most).padStart(7)} (budget ${budgetOf(route, 'select count(')})${met ? '' : '  OVER'}`,
      );
      for (const p of plans) {
        if (!show.verbose && !over.includes(p)) continue;
        say(
          `           ${p.plans} ${p.ms.toFixed(2)} ms, buffers hit ${p.sharedHit} read ${p.sharedRead}${p.jit ? ', JIT' : ''}; widest: ${p.widest}\n             ${p.text.replace(/\s+/g, ' ').slice(0, 160)}`,
        );
      }
    }
  } finally {
    await assembled.close();
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      database: { type: 'string' },
      'data-dir': { type: 'string' },
      domain: { type: 'string', default: 'big.bench' },
      verbose: { type: 'boolean', default: false },
      sql: { type: 'boolean', default: false },
    },
  });
  const database = await openDatabase(
    values.database
      ? { kind: 'postgres', url: values.database }
      : { kind: 'pglite', dataDir: values['data-dir'] ?? null },
  );
  try {
    const results = await checkPlans(
      database,
      values.domain ?? 'big.bench',
      (line) => process.stdout.write(`${line}\n`),
      { verbose: values.verbose, sql: values.sql },
    );
    process.exitCode = results.every((r) => r.met) ? 0 : 1;
  } finally {
    await database.close();
  }
}
