/**
 * `npm run bench`: seeds a large deployment reproducibly, then drives the main routes with
 * autocannon from a second process, on PostgreSQL and on the embedded database, beside a raw
 * `node:http` hello-world as the ceiling. Writes bench/results.json and prints a table and every
 * target of issue 7 as met or not.
 *
 *   npm run bench [-- --scale full|quick] [--databases postgres,pglite] [--duration 10] [--seed-only]
 *
 * The seeded data is kept (bench/.data for the embedded database, the `kindling_bench` database
 * on BENCH_DATABASE_URL's server) and reused while it matches the scale.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import type { Database as DatabaseConfig } from '../server/src/config.ts';
import { type Database, openDatabase, queryRows } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { seedSynthetic, vacuumSeededTables } from '../server/src/demo/synthetic.ts';
import { createTenant } from '../server/src/tenants/service.ts';

const root = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'Kindling!2026';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: 'full' },
    databases: { type: 'string', default: 'postgres,pglite' },
    duration: { type: 'string', default: '10' },
    // Seeding takes most of an hour per database and is not measured: seeding both side by side
    // and measuring later keeps the measurements on a quiet machine.
    'seed-only': { type: 'boolean', default: false },
  },
});

/** Issue 7: 1,000 tenants, the largest with 50,000 people and 200,000 ideas. */
const SCALES = {
  full: { tenants: 1_000, people: 50_000, ideas: 200_000, follows: 400_000, small: 20 },
  quick: { tenants: 20, people: 2_000, ideas: 8_000, follows: 16_000, small: 10 },
} as const;
const scaleName = args.scale === 'quick' ? 'quick' : 'full';
const scale = SCALES[scaleName];
const DURATION = Number(args.duration);
const BIG = 'big.bench';
const LOCAL_SOCKET = '/var/run/postgresql/.s.PGSQL.5432';

type Kind = 'postgres' | 'pglite';
const kinds = (args.databases ?? '')
  .split(',')
  .filter((k): k is Kind => k === 'postgres' || k === 'pglite');

const say = (line: string) => process.stdout.write(`${line}\n`);

// ---------------------------------------------------------------------------------------- data

function configOf(kind: Kind): DatabaseConfig & { env: Record<string, string> } {
  if (kind === 'postgres') {
    // Through the server's Unix socket when it runs on this machine, as docs/operations.md advises
    // for a database on the same host (decision 0020); over TCP otherwise.
    const host = existsSync(LOCAL_SOCKET)
      ? encodeURIComponent(path.dirname(LOCAL_SOCKET))
      : '127.0.0.1:5432';
    const url =
      process.env.BENCH_DATABASE_URL ?? `postgres://postgres@${host}/kindling_bench_${scaleName}`;
    return { kind: 'postgres', url, env: { DATABASE_URL: url } };
  }
  const dataDir = path.join(root, 'bench/.data', `pglite-${scaleName}`);
  return {
    kind: 'pglite',
    dataDir: path.join(dataDir, 'db'),
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
  };
}

async function withDatabase<T>(config: DatabaseConfig, work: (database: Database) => Promise<T>) {
  const database = await openDatabase(config);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

async function databaseExists(config: DatabaseConfig): Promise<boolean> {
  if (config.kind === 'pglite') return existsSync(config.dataDir ?? '');
  const probe = new Client({ connectionString: config.url });
  const exists = await probe.connect().then(
    () => true,
    (error: { code?: string }) => {
      if (error.code === '3D000') return false;
      throw error;
    },
  );
  await probe.end().catch(() => {});
  return exists;
}

/** Whether the data is there at this scale: every tenant, and the largest one complete. */
async function seeded(config: DatabaseConfig): Promise<boolean> {
  if (!(await databaseExists(config))) return false;
  return withDatabase(config, async (database) => {
    await migrate(database);
    const [row] = await queryRows<{ tenants: number; empty: number }>(
      database.db,
      sql`select (select count(*) from tenants)::int as tenants,
                 (select count(*) from tenants t
                   where not exists (select 1 from ideas i where i.tenant_id = t.id))::int as empty`,
    );
    return row?.tenants === scale.tenants && row.empty === 0 && (await bigTenantComplete(database));
  });
}

/** Whether the largest tenant holds all its people and ideas: the hour-long part of the seeding. */
async function bigTenantComplete(database: Database): Promise<boolean> {
  const [row] = await queryRows<{ people: number; ideas: number }>(
    database.db,
    sql`select (select count(*) from users u join tenants t on t.id = u.tenant_id where t.domain = ${BIG})::int as people,
               (select count(*) from ideas i join tenants t on t.id = i.tenant_id where t.domain = ${BIG})::int as ideas`,
  );
  return (row?.people ?? 0) > scale.people && row?.ideas === scale.ideas;
}

async function resetDatabase(kind: Kind, config: DatabaseConfig) {
  if (config.kind === 'pglite') {
    rmSync(path.dirname(config.dataDir ?? ''), { recursive: true, force: true });
    mkdirSync(path.dirname(config.dataDir ?? ''), { recursive: true });
    return;
  }
  const target = new URL(config.url);
  const name = target.pathname.slice(1);
  const admin = new Client({ connectionString: new URL('/postgres', target).toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  say(`${kind}: created database ${name}`);
}

function cli(env: Record<string, string>, cliArgs: string[]) {
  execFileSync(process.execPath, ['--import', 'tsx', 'server/src/cli/main.ts', ...cliArgs], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/**
 * The largest tenant is seeded by the CLI's `seed` command, as an operator would; the other
 * tenants by the same functions in this process, since a thousand CLI starts would take longer
 * than the seeding itself.
 */
async function prepare(kind: Kind) {
  const config = configOf(kind);
  if (await seeded(config)) {
    say(`${kind}: reusing the seeded ${scaleName} deployment`);
    return config;
  }
  const started = performance.now();
  const resumable = await databaseExists(config).then(
    (exists) => exists && withDatabase(config, bigTenantComplete),
  );
  if (resumable) say(`${kind}: resuming the seeding after the largest tenant`);
  else await seedBigTenant(kind, config);
  await withDatabase(config, (database) => seedSmallTenants(kind, database));
  say(`${kind}: seeded in ${Math.round((performance.now() - started) / 1000)} s`);
  return config;
}

async function seedBigTenant(kind: Kind, config: ReturnType<typeof configOf>) {
  await resetDatabase(kind, config);
  cli(config.env, [
    'tenant',
    'create',
    '--domain',
    BIG,
    '--name',
    'Big Bench University',
    '--admin-email',
    `admin@${BIG}`,
    '--admin-password',
    PASSWORD,
  ]);
  cli(config.env, [
    'seed',
    '--domain',
    BIG,
    '--people',
    String(scale.people),
    '--ideas',
    String(scale.ideas),
    '--follows',
    String(scale.follows),
    '--seed',
    '1',
  ]);
}

/**
 * The other tenants, each created and seeded unless it already holds its ideas (a seeding that was
 * stopped resumes where it stopped; each tenant's data is one transaction), then one VACUUM
 * ANALYZE for all: after each tenant it would scan the largest tenant's rows a thousand times.
 */
async function seedSmallTenants(kind: Kind, database: Database) {
  const existing = new Map(
    (
      await queryRows<{ domain: string; id: number; ideas: number }>(
        database.db,
        sql`select t.domain, t.id, (select count(*) from ideas i where i.tenant_id = t.id)::int as ideas
              from tenants t`,
      )
    ).map((row) => [row.domain, row]),
  );
  for (let n = 2; n <= scale.tenants; n++) {
    const domain = `t${n}.bench`;
    const found = existing.get(domain);
    if (found && found.ideas > 0) continue;
    const tenantId =
      found?.id ??
      (
        await createTenant(database.db, {
          domain,
          name: `Bench University ${n}`,
          admin: {
            email: `admin@${domain}`,
            password: PASSWORD,
            firstName: 'Bench',
            lastName: 'Admin',
          },
        })
      ).tenantId;
    await seedSynthetic(database.db, tenantId, {
      people: scale.small,
      ideas: scale.small * 2,
      follows: scale.small * 3,
      seed: n,
      vacuum: false,
    });
    if (n % 100 === 0) say(`${kind}: ${n} of ${scale.tenants} tenants`);
  }
  await vacuumSeededTables(database.db, (line) => say(`${kind}: ${line}`));
}

// ------------------------------------------------------------------------------------ processes

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitReady(url: string, child: ChildProcess) {
  for (let tries = 0; tries < 600; tries++) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}

async function startKindling(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitReady(`${url}/readyz`, child);
  return { url, child };
}

/** The ceiling: the least an HTTP server on this machine can do per request. */
async function startRawHello() {
  const port = await freePort();
  const code = `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'application/json' }); s.end('{"status":"ok"}'); }).listen(${port}, '127.0.0.1')`;
  const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitReady(url, child);
  return { url, child };
}

function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

interface Load {
  name: string;
  url: string;
  connections: number;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** Requests per second over all connections; none means as fast as they come. */
  rate?: number;
}

interface Measured {
  route: string;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  rssMiB: number;
  shareOfCeiling?: number;
}

/**
 * One autocannon run, in a process of its own so the load does not share this event loop. A
 * short run first, not counted, warms the route (JIT, caches, pool connections).
 */
async function drive(load: Load, serverPid: number, warmUp = true): Promise<Measured> {
  if (warmUp) await cannon(load, 2);
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(serverPid));
  }, 250);
  const result = await cannon(load, DURATION);
  clearInterval(sampler);
  return {
    route: load.name,
    connections: load.connections,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    rssMiB: Math.round(peak / 1024 / 1024),
  };
}

async function cannon(load: Load, seconds: number) {
  const cannonArgs = [
    path.join(root, 'node_modules/autocannon/autocannon.js'),
    '--json',
    '-c',
    String(load.connections),
    '-d',
    String(seconds),
    '-m',
    load.method ?? 'GET',
  ];
  for (const [key, value] of Object.entries(load.headers ?? {})) {
    cannonArgs.push('-H', `${key}=${value}`);
  }
  if (load.body) cannonArgs.push('-H', 'content-type=application/json', '-b', load.body);
  if (load.rate) cannonArgs.push('-R', String(load.rate));
  cannonArgs.push(load.url);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, cannonArgs, { stdio: ['ignore', 'pipe', 'ignore'] });
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`autocannon ${code}`)),
    );
  });
  return JSON.parse(output);
}

// ---------------------------------------------------------------------------------------- runs

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

async function runOn(kind: Kind, config: ReturnType<typeof configOf>, ceilingRps: number) {
  const server = await startKindling(config.env);
  const pid = server.child.pid ?? 0;
  try {
    const { cookie, tenantId } = await signIn(server.url);
    const api = (route: string) => `${server.url}/api/v1${route}`;
    const get = async (route: string) =>
      (await fetch(api(route), { headers: { cookie } })).json() as Promise<Record<string, unknown>>;
    const ideas = (await get('/ideas?page=1')) as { ideas: { id: number }[]; total_pages: number };
    const people = (await get('/users?page=1')) as {
      users: { id: number; school_id?: number }[];
      total_pages: number;
    };
    const { schools } = (await get('/schools')) as { schools: { id: number }[] };
    const connections = kind === 'postgres' ? 100 : 10;
    const headers = { cookie };
    const reads: Load[] = [
      { name: 'feed, recommended', url: api('/recommendations/ideas?page=1') },
      { name: 'feed, filtered', url: api(`/ideas?page=1&school_id=${schools[0]?.id ?? 1}`) },
      { name: 'feed, first page', url: api('/ideas?page=1') },
      { name: 'feed, last page', url: api(`/ideas?page=${ideas.total_pages}`) },
      { name: 'directory, first page', url: api('/users?page=1') },
      { name: 'directory, last page', url: api(`/users?page=${people.total_pages}`) },
      { name: 'profile', url: api(`/profiles/${people.users[0]?.id}`) },
      { name: 'idea', url: api(`/ideas/${ideas.ideas[0]?.id}`) },
      { name: 'idea count', url: api('/ideas/count') },
      { name: 'people count', url: api('/users/count') },
    ].map((load) => ({ ...load, connections, headers }));
    const measured: Measured[] = [];
    const record = (m: Measured) => {
      m.shareOfCeiling = Math.round((m.rps / ceilingRps) * 100) / 100;
      measured.push(m);
      say(
        `${kind.padEnd(8)} ${m.route.padEnd(24)} ${String(m.rps).padStart(6)} rps  p50 ${m.p50} ms  p99 ${m.p99} ms  ${m.non2xx + m.errors} failed`,
      );
    };
    record(
      await drive(
        { name: 'trivial JSON (/healthz)', url: `${server.url}/healthz`, connections },
        pid,
      ),
    );
    for (const load of reads) record(await drive(load, pid));

    // Sign-in at 20 a second beside the feed: its own p99, and what it does to the feed's. A
    // saturated route's latency is its queue, which any extra work lengthens; so the feed runs at
    // half the rate it managed alone, once without sign-ins and once beside them. autocannon
    // starts every connection's clock together, so a rate over N connections arrives as bursts of
    // N at once: 20 sign-in connections at 1/s each queued 20 hashes behind one another every
    // second (p99 530 ms on a quiet machine, against 64 ms for the same 20/s spread over two).
    // Four keep the rate when one answer is slow.
    // Both loads use few connections, so requests arrive spread out as independent users'.
    const signInLoad: Load = {
      name: 'sign-in at 20/s',
      url: api('/auth/sign-in'),
      method: 'POST',
      body: JSON.stringify({ email: `person2@${BIG}`, password: PASSWORD, tenant_id: tenantId }),
      connections: 4,
      rate: 20,
    };
    const saturated = measured.find((m) => m.route === 'feed, first page');
    const steadyFeed: Load = {
      ...(reads[2] as Load),
      connections: 10,
      rate: Math.max(10, Math.round((saturated?.rps ?? 20) / 2)),
    };
    const feedAlone = await drive({ ...steadyFeed, name: 'feed at half rate' }, pid);
    const [signIns, feedBeside] = await Promise.all([
      drive(signInLoad, pid, false),
      drive({ ...steadyFeed, name: 'feed at half rate, beside sign-in' }, pid, false),
    ]);
    record(feedAlone);
    record(signIns);
    record(feedBeside);
    return { measured, feedAlone, feedBeside };
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
}

// ----------------------------------------------------------------------------------------- main

const started = new Date();
const load0 = loadavg();
say(
  `Kindling bench, ${scaleName} scale, ${DURATION} s per route; ${cpus().length} cores, load ${load0.map((l) => l.toFixed(1)).join(' ')}`,
);

/** The ceiling, measured right before each database's routes so both see the same machine. */
async function measureCeiling(): Promise<Measured> {
  const raw = await startRawHello();
  const ceiling = await drive(
    { name: 'raw node:http', url: raw.url, connections: 100 },
    raw.child.pid ?? 0,
  );
  raw.child.kill();
  say(
    `ceiling  raw node:http             ${ceiling.rps} rps  p50 ${ceiling.p50} ms  p99 ${ceiling.p99} ms`,
  );
  return ceiling;
}

const results: Record<string, Measured[]> = {};
const ceilings: Record<string, Measured> = {};
const targets: { target: string; met: boolean; figure: string }[] = [];
const target = (name: string, met: boolean, figure: string) =>
  targets.push({ target: name, met, figure });

if (args['seed-only']) {
  for (const kind of kinds) await prepare(kind);
  process.exit(0);
}

for (const kind of kinds) {
  const config = await prepare(kind);
  if (config.kind === 'postgres')
    say(`postgres at ${decodeURIComponent(new URL(config.url).host)}`);
  const ceiling = await measureCeiling();
  ceilings[kind] = ceiling;
  const { measured, feedAlone, feedBeside } = await runOn(kind, config, ceiling.rps);
  results[kind] = measured;
  const pages = measured.filter(
    (m) => /^(feed|directory|profile|idea$)/.test(m.route) && !m.route.includes('half rate'),
  );
  if (kind === 'postgres') {
    for (const m of pages) {
      target(
        `postgres ${m.route}: p50 < 15 ms, p99 < 100 ms`,
        m.p50 < 15 && m.p99 < 100,
        `p50 ${m.p50} ms, p99 ${m.p99} ms`,
      );
    }
    const trivial = measured.find((m) => m.route.startsWith('trivial'));
    target(
      'trivial JSON ≥ 80% of the ceiling',
      (trivial?.shareOfCeiling ?? 0) >= 0.8,
      `${Math.round((trivial?.shareOfCeiling ?? 0) * 100)}%`,
    );
    const slowest = measured
      .filter((m) => !/^(sign-in|trivial)|half rate/.test(m.route))
      .sort((a, b) => a.rps - b.rps)[0];
    target(
      'no read route under 10% of the ceiling',
      (slowest?.shareOfCeiling ?? 0) >= 0.1,
      `slowest ${slowest?.route}: ${Math.round((slowest?.shareOfCeiling ?? 0) * 100)}%`,
    );
    const signIns = measured.find((m) => m.route.startsWith('sign-in'));
    target(
      'sign-in at 20/s: p99 < 500 ms',
      (signIns?.p99 ?? Infinity) < 500,
      `p99 ${signIns?.p99} ms`,
    );
    const rise = feedAlone && feedBeside ? feedBeside.p99 / feedAlone.p99 - 1 : Infinity;
    target(
      'feed p99 rises ≤ 10% beside sign-ins',
      rise <= 0.1,
      `${feedAlone?.p99} → ${feedBeside?.p99} ms (${Math.round(rise * 100)}%)`,
    );
  } else {
    for (const m of pages)
      target(`pglite ${m.route}: p99 < 200 ms at 10 connections`, m.p99 < 200, `p99 ${m.p99} ms`);
  }
}

const file = path.join(root, 'bench/results.json');
writeFileSync(
  file,
  `${JSON.stringify(
    {
      started: started.toISOString(),
      scale: { name: scaleName, ...scale },
      durationSeconds: DURATION,
      machine: {
        cores: cpus().length,
        memoryGiB: Math.round(totalmem() / 2 ** 30),
        node: process.version,
        loadBefore: load0,
        loadAfter: loadavg(),
      },
      ceilings,
      results,
      targets,
    },
    null,
    2,
  )}\n`,
);
say('');
console.table(
  targets.map((t) => ({ target: t.target, met: t.met ? 'yes' : 'NO', figure: t.figure })),
);
say(
  `${targets.filter((t) => t.met).length} of ${targets.length} targets met; written to ${path.relative(root, file)}`,
);
