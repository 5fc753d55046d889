/** The routes driven on a running server, and issue 18's data they read beside the seeded shape. */

import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, queryRows } from '../server/src/db/client.ts';
import { bindTenant } from '../server/src/db/tenant-scope.ts';
import { drive, type Load, type Measured, startKindling } from './load.ts';
import type { RoutePlans } from './plans.ts';
import { BIG, type configOf, type Kind, PASSWORD, SEARCH_WORDS, say } from './shapes.ts';

/**
 * Issue 18's data in the largest tenant, planted once beside the seeded shape (a few seconds):
 * 10,000 notifications for the bench's member, a third of them unread, and two ideas past the
 * rare word's with 1,000 and 10 comments. Answers those two ideas' ids.
 */
const DISCUSSION = { notifications: 10_000, manyComments: 1_000, fewComments: 10 } as const;

export async function plantDiscussion(database: Database): Promise<{ many: number; few: number }> {
  return database.db
    .transaction(async (tx) => {
      const [big] = await queryRows(
        tx,
        sql`select t.id, u.id as member from tenants t
          join users u on u.tenant_id = t.id and u.email = ${`person1@${BIG}`}
          where t.domain = ${BIG}`,
        z.strictObject({ id: z.number(), member: z.number() }),
      );
      if (!big) throw new Error(`no tenant ${BIG} with person1`);
      await bindTenant(tx, big.id);
      await tx.execute(sql`
      insert into notifications (tenant_id, recipient_id, kind, actor_id, text, link, created_at,
                                 read_at)
      select ${big.id}, ${big.member}, 'comment', ${big.member}, 'A member commented on an idea',
             '/ideas/1#comments', now() - make_interval(mins => n),
             case when n % 3 = 0 then null else now() end
      from generate_series(1, ${DISCUSSION.notifications}) n
      where not exists (select 1 from notifications
                        where tenant_id = ${big.id} and recipient_id = ${big.member})`);
      const ideaIds = await queryRows(
        tx,
        sql`select id from ideas where tenant_id = ${big.id} order by id offset 5 limit 2`,
        z.strictObject({ id: z.number() }),
      );
      const [many, few] = ideaIds.map((row) => row.id) as [number, number];
      for (const [ideaId, count] of [
        [many, DISCUSSION.manyComments],
        [few, DISCUSSION.fewComments],
      ] as const) {
        // Fifty people take turns, one comment a minute; nothing when the idea has them already.
        await tx.execute(sql`
        with authors as (
          select id, row_number() over (order by id) - 1 as turn from users
          where tenant_id = ${big.id} order by id limit 50)
        insert into comments (tenant_id, idea_id, author_id, body, created_at)
        select ${big.id}, ${ideaId}, a.id, 'Comment ' || n || ' on the bench idea',
               now() - make_interval(mins => ${count} - n)
        from generate_series(1, ${count}) n join authors a on a.turn = n % 50
        where not exists (select 1 from comments where tenant_id = ${big.id} and idea_id = ${ideaId})`);
      }
      return { many, few };
    })
    .then(async (ideas) => {
      // Vacuumed as the seeded tables are, so the counts read the indexes alone.
      await database.db.execute(sql`vacuum analyze notifications, comments, comment_tallies`);
      return ideas;
    });
}

async function signIn(url: string) {
  const tenant = await (await fetch(`${url}/api/v1/tenant?domain=${BIG}`)).json();
  const res = await fetch(`${url}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `person1@${BIG}`, password: PASSWORD, tenant_id: tenant.id }),
  });
  if (!res.ok) throw new Error(`bench sign-in answered ${res.status}`);
  const cookie = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  return { cookie, tenantId: tenant.id as number };
}

/** Issue 16: search at 10 connections on PostgreSQL, 2 on the embedded database. */
const SEARCH_CONNECTIONS: Record<Kind, number> = { postgres: 10, pglite: 2 };

type Word = 'common' | 'rare' | 'quick';
export interface Searched extends Measured {
  word: Word;
}

/** The search routes of issue 16 on the largest tenant; `idea` is the idea page's path. */
function searchRoutes(idea: string): { name: string; url: string; word: Word }[] {
  const page = 'page=1&page_size=10';
  const { ideas, people, rare, pair } = SEARCH_WORDS;
  return [
    { name: `search, quick results (${ideas})`, url: `/search?q=${ideas}`, word: 'quick' },
    {
      name: `search, ideas tab (${ideas})`,
      url: `/search?q=${ideas}&type=ideas&${page}`,
      word: 'common',
    },
    { name: `feed, keyword (${ideas})`, url: `/ideas?${page}&q=${ideas}`, word: 'common' },
    { name: `feed, keyword (${rare})`, url: `/ideas?${page}&q=${rare}`, word: 'rare' },
    {
      name: `feed, keywords (${pair})`,
      url: `/ideas?${page}&q=${encodeURIComponent(pair)}`,
      word: 'common',
    },
    { name: `directory, keyword (${people})`, url: `/users?${page}&q=${people}`, word: 'common' },
    { name: `directory, keyword (${rare})`, url: `/users?${page}&q=${rare}`, word: 'rare' },
    { name: 'experts for an idea', url: `${idea}/experts`, word: 'common' },
    { name: 'similar ideas', url: `${idea}/similar`, word: 'common' },
  ];
}

/** Issue 16's routes as the bench's member reads them, `idea` the idea page's path. */
async function driveSearch(
  url: string,
  cookie: string,
  kind: Kind,
  pid: number,
  idea: string,
  record: (m: Measured) => void,
) {
  const searched: Searched[] = [];
  for (const search of searchRoutes(idea)) {
    const m = await drive(
      {
        name: search.name,
        url: `${url}/api/v1${search.url}`,
        connections: SEARCH_CONNECTIONS[kind],
        headers: { cookie },
      },
      pid,
    );
    record(m);
    searched.push({ ...m, word: search.word });
  }
  await firstViews(url, cookie, kind, Number(idea.split('/').at(-1)));
  return searched;
}

/**
 * Experts and similar ideas are kept per idea (ideas/ranking-cache.ts), so the routes above
 * measure an idea's later views. Its first view ranks: measured here one request at a time, on the
 * 40 ideas before the bench's, each asked once (a figure, not a target).
 */
async function firstViews(url: string, cookie: string, kind: Kind, idea: number) {
  for (const what of ['experts', 'similar']) {
    const times: number[] = [];
    for (let id = idea - 1; id >= idea - 40; id--) {
      const started = performance.now();
      const res = await fetch(`${url}/api/v1/ideas/${id}/${what}`, { headers: { cookie } });
      await res.arrayBuffer();
      if (res.ok) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) =>
      (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
    say(
      `${kind.padEnd(8)} ${what}, first view of ${times.length} ideas, one at a time: p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms`,
    );
  }
}

/** Issue 15: 50 connections on PostgreSQL, 10 on the embedded database. */
export const CONNECTIONS: Record<Kind, number> = { postgres: 50, pglite: 10 };

type Discussed = { ideas: { many: number; few: number } };

/**
 * Issue 18's routes as the bench's member reads them: the bell's count and the first page of
 * their 10,000 notifications, and the comments of an idea with 1,000 beside one with 10.
 */
async function driveDiscussion(
  url: string,
  cookie: string,
  kind: Kind,
  pid: number,
  { ideas }: Discussed,
  record: (m: Measured) => void,
) {
  const connections = CONNECTIONS[kind];
  const last = Math.ceil(DISCUSSION.manyComments / 10);
  const routes = [
    ['notifications, unread count', '/notifications?unread=true&page=1&page_size=1'],
    ['notifications, first page', '/notifications?page=1&page_size=10'],
    ['comments of 10, first page', `/ideas/${ideas.few}/comments?page=1&page_size=10`],
    ['comments of 1,000, first page', `/ideas/${ideas.many}/comments?page=1&page_size=10`],
    ['comments of 1,000, last page', `/ideas/${ideas.many}/comments?page=${last}&page_size=10`],
  ] as const;
  const measured: Measured[] = [];
  for (const [name, route] of routes) {
    const m = await drive(
      { name, url: `${url}/api/v1${route}`, connections, headers: { cookie } },
      pid,
    );
    record(m);
    measured.push(m);
  }
  return measured;
}

function recorder(kind: Kind, into: Measured[]) {
  return (m: Measured) => {
    into.push(m);
    say(
      `${kind.padEnd(8)} ${m.route.padEnd(24)} ${String(m.rps).padStart(6)} rps  p50 ${m.p50} ms  p99 ${m.p99} ms  ${m.non2xx + m.errors} failed  ${m.rssMiB} MiB  cpu/req ${m.serverCpuMs} + ${m.databaseCpuMs} ms`,
    );
  };
}

export async function runOn(
  kind: Kind,
  config: ReturnType<typeof configOf>,
  routes: RoutePlans[],
  discussion: Discussed,
) {
  const server = await startKindling(config.env);
  const pid = server.child.pid ?? 0;
  try {
    const { cookie, tenantId } = await signIn(server.url);
    const api = (route: string) => `${server.url}/api/v1${route}`;
    const connections = CONNECTIONS[kind];
    const headers = { cookie };
    const measured: Measured[] = [];
    const record = recorder(kind, measured);
    record(
      await drive(
        { name: 'trivial JSON (/healthz)', url: `${server.url}/healthz`, connections },
        pid,
      ),
    );
    record(await drive({ name: 'tenant', url: api(`/tenant?domain=${BIG}`), connections }, pid));
    // The routes whose plans were checked, with the same ids.
    for (const route of routes) {
      record(await drive({ name: route.route, url: api(route.url), connections, headers }, pid));
    }

    // Sign-in at 20 a second beside the feed (issue 7): its own p99, and what it does to the
    // feed's. A saturated route's latency is its queue, which any extra work lengthens; so the
    // feed runs at half the rate it managed alone, once without sign-ins and once beside them.
    // autocannon starts every connection's clock together, so a rate over N connections arrives
    // as bursts of N at once; four connections keep 20/s when one answer is slow.
    const signInLoad: Load = {
      name: 'sign-in at 20/s',
      url: api('/auth/sign-in'),
      method: 'POST',
      body: JSON.stringify({ email: `person2@${BIG}`, password: PASSWORD, tenant_id: tenantId }),
      connections: 4,
      rate: 20,
    };
    const first = routes.find((r) => r.route === 'feed, first page');
    const saturated = measured.find((m) => m.route === 'feed, first page');
    const steadyFeed: Load = {
      name: 'feed at half rate',
      url: api(first?.url ?? '/ideas?page=1'),
      headers,
      connections: 10,
      rate: Math.max(10, Math.round((saturated?.rps ?? 20) / 2)),
    };
    const feedAlone = await drive(steadyFeed, pid);
    const [signIns, feedBeside] = await Promise.all([
      drive(signInLoad, pid, false),
      drive({ ...steadyFeed, name: 'feed at half rate, beside sign-in' }, pid, false),
    ]);
    record(feedAlone);
    record(signIns);
    record(feedBeside);
    const idea = routes.find((r) => r.route === 'idea')?.url ?? '/ideas/1';
    const searched = await driveSearch(server.url, cookie, kind, pid, idea, record);
    const discussed = await driveDiscussion(server.url, cookie, kind, pid, discussion, record);
    return { measured, feedAlone, feedBeside, searched, discussed };
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
}

/**
 * `--only search`: issue 16's routes alone, on a server of their own, for the largest tenant's
 * newest idea as the plans' `idea` route reads it.
 */
export async function runSearchOn(kind: Kind, config: ReturnType<typeof configOf>, idea: number) {
  const server = await startKindling(config.env);
  try {
    const { cookie } = await signIn(server.url);
    const pid = server.child.pid ?? 0;
    return await driveSearch(server.url, cookie, kind, pid, `/ideas/${idea}`, recorder(kind, []));
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
}

/** The largest tenant's newest idea: the one the plans' `idea` route and the search routes read. */
export async function newestIdea(database: Database): Promise<number> {
  const [row] = await queryRows(
    database.db,
    sql`select max(i.id) as id from ideas i join tenants t on t.id = i.tenant_id
        where t.domain = ${BIG}`,
    z.strictObject({ id: z.number() }),
  );
  if (!row) throw new Error(`no tenant ${BIG}`);
  return row.id;
}

/** `--only discussion`: issue 18's routes alone, on a server of their own. */
export async function runDiscussionOn(
  kind: Kind,
  config: ReturnType<typeof configOf>,
  discussion: Discussed,
) {
  const server = await startKindling(config.env);
  try {
    const { cookie } = await signIn(server.url);
    const measured: Measured[] = [];
    await driveDiscussion(
      server.url,
      cookie,
      kind,
      server.child.pid ?? 0,
      discussion,
      recorder(kind, measured),
    );
    return measured;
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
}
