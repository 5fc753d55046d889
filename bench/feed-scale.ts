/**
 * Times the idea feed on one large tenant: 50,000 members and 200,000 ideas with supports and
 * follows, in an in-memory PGlite, called through the real app with a real session cookie.
 *
 *   npx tsx bench/feed-scale.ts [runs]
 *
 * Prints p50/p95 per call in milliseconds, of wall time and of this process's CPU time, with the
 * load average. Not part of `npm test`: it takes a few minutes.
 */
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createApp } from '../server/src/app.ts';
import { hashPassword } from '../server/src/auth/password.ts';
import { SESSION_COOKIE } from '../server/src/auth/session-middleware.ts';
import { randomToken, tokenHash } from '../server/src/auth/tokens.ts';
import { loadConfig } from '../server/src/config.ts';
import { type Db, openPglite, queryRows } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { assemble } from '../server/src/deps.ts';
import { createLogger } from '../server/src/logger.ts';
import { createTenant } from '../server/src/tenants/service.ts';

const PEOPLE = 50_000;
const IDEAS = 200_000;
const FOLLOWS = 100_000;
const SCHOOLS = 10;
const DEPARTMENTS_PER_SCHOOL = 5;
const RUNS = Number(process.argv[2] ?? 50);

const WORDS = [
  'solar',
  'battery',
  'storage',
  'protein',
  'folding',
  'bridge',
  'sensor',
  'quantum',
  'drone',
  'water',
  'filter',
  'vaccine',
  'soil',
  'carbon',
  'capture',
  'robot',
  'learning',
  'language',
  'archive',
  'manuscript',
  'theatre',
  'music',
  'urban',
  'housing',
  'traffic',
  'energy',
  'grid',
  'wind',
  'turbine',
  'coral',
  'reef',
  'ocean',
  'plastic',
  'recycling',
  'textile',
  'crop',
  'irrigation',
  'genome',
  'cancer',
  'imaging',
  'microscope',
  'laser',
  'optics',
  'polymer',
  'cement',
  'timber',
  'hydrogen',
  'fuel',
  'cell',
  'wearable',
  'sleep',
  'memory',
  'vision',
  'hearing',
  'education',
  'tutoring',
  'finance',
  'privacy',
  'security',
  'election',
];

/** `words(n, k)`: k words picked from WORDS by the integer expression n, as SQL. */
const words = (n: string, k: number) =>
  sql.raw(
    Array.from(
      { length: k },
      (_, i) =>
        `(array[${WORDS.map((w) => `'${w}'`).join(',')}])[1 + ((${n}) * ${7 + i * 13} + ${i * 17}) % ${WORDS.length}]`,
    ).join(` || ' ' || `),
  );

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

async function seed(db: Db, tenantId: number) {
  await timed('schools, departments', async () => {
    await db.execute(sql`
      insert into schools (tenant_id, name)
      select ${tenantId}, 'School ' || s from generate_series(1, ${SCHOOLS}) s`);
    await db.execute(sql`
      insert into departments (tenant_id, school_id, name)
      select ${tenantId}, sc.id, sc.name || ' dept ' || d
      from schools sc, generate_series(1, ${DEPARTMENTS_PER_SCHOOL}) d
      where sc.tenant_id = ${tenantId}`);
  });
  await timed(`${PEOPLE} people`, () =>
    db.execute(sql`
      with dept as (
        select id, school_id, row_number() over (order by id) - 1 as k
        from departments where tenant_id = ${tenantId})
      insert into users (tenant_id, email, first_name, last_name, role_id, school_id,
                         department_id, headline, bio, admin_status_id, user_status_id, permissions)
      select ${tenantId}, 'person' || n || '@bench.example', 'First' || n, 'Last' || (n % 977),
             1 + n % 4, dept.school_id, dept.id, initcap(${words('n', 3)}),
             '<p>' || ${words('n + 1', 8)} || '</p>', 2, 2,
             array['create_idea', 'update_idea', 'delete_idea']
      from generate_series(1, ${PEOPLE}) n
      join dept on dept.k = n % ${SCHOOLS * DEPARTMENTS_PER_SCHOOL}`),
  );
  await timed(`${IDEAS} ideas`, () =>
    db.execute(sql`
      with people as (
        select id, row_number() over (order by id) - 1 as k from users where tenant_id = ${tenantId})
      insert into ideas (tenant_id, title, introduction, problem, principal_investigator_id,
                         created_at, updated_at)
      select ${tenantId}, initcap(${words('n', 4)}), ${words('n + 3', 20)}, ${words('n + 5', 30)},
             people.id, now() - make_interval(mins => n * 8), now() - make_interval(mins => n * 8)
      from generate_series(1, ${IDEAS}) n
      join people on people.k = (n * 7919) % ${PEOPLE}`),
  );
  await timed('supports', () =>
    db.execute(sql`
      with st as (
        select id, row_number() over (order by id) - 1 as k
        from support_types where tenant_id = ${tenantId})
      insert into idea_supports (tenant_id, idea_id, support_id)
      select ${tenantId}::int, i.id, st.id from ideas i join st on st.k = i.id % 5
      where i.tenant_id = ${tenantId}
      union all
      select ${tenantId}::int, i.id, st.id from ideas i join st on st.k = (i.id + 2) % 5
      where i.tenant_id = ${tenantId} and i.id % 3 = 0`),
  );
  await timed(`${FOLLOWS} follows`, () =>
    db.execute(sql`
      with people as (
        select id, row_number() over (order by id) - 1 as k from users where tenant_id = ${tenantId}),
      idea as (
        select id, row_number() over (order by id) - 1 as k from ideas where tenant_id = ${tenantId})
      insert into follows (tenant_id, user_id, idea_id)
      select ${tenantId}, people.id, idea.id
      from generate_series(1, ${FOLLOWS}) n
      join people on people.k = n % ${PEOPLE}
      join idea on idea.k = (n * 7) % ${IDEAS}
      on conflict do nothing`),
  );
  // PGlite runs no autovacuum: without this, no index-only scans and no planner statistics.
  await timed('vacuum analyze', () => db.execute(sql`vacuum analyze`));
}

/** A live session cookie for a member, with the account a session needs. */
async function cookieFor(db: Db, tenantId: number, userId: number, secretKey: string) {
  const passwordHash = await hashPassword('Kindling!2026');
  const token = randomToken();
  await db.execute(sql`
    insert into accounts (tenant_id, user_id, password_hash)
    values (${tenantId}, ${userId}, ${passwordHash})`);
  await db.execute(sql`
    insert into sessions (tenant_id, user_id, token_hash, expires_at)
    values (${tenantId}, ${userId}, ${tokenHash(secretKey, token)}, now() + interval '1 day')`);
  return `${SESSION_COOKIE}=${token}`;
}

/** A member with a profile like everyone's: a school, a department, ideas and follows. */
async function regularMember(db: Db, tenantId: number) {
  const [member] = await queryRows(
    db,
    sql`select u.id from users u
        where u.tenant_id = ${tenantId} and u.school_id is not null
          and exists (select 1 from follows f where f.tenant_id = u.tenant_id and f.user_id = u.id)
        order by u.id limit 1`,
    z.strictObject({ id: z.number() }),
  );
  if (!member) throw new Error('no member with follows');
  return member.id;
}

/**
 * The recommended feed's worst case: no school, follows or ideas, and a headline no idea shares,
 * so the text source walks its whole window and finds nothing.
 */
async function newcomer(db: Db, tenantId: number) {
  const [member] = await queryRows(
    db,
    sql`insert into users (tenant_id, email, first_name, last_name, role_id, headline,
                           admin_status_id, user_status_id)
        values (${tenantId}, 'newcomer@bench.example', 'New', 'Comer', 4,
                'Zymurgy and xylography', 2, 2)
        returning id`,
    z.strictObject({ id: z.number() }),
  );
  if (!member) throw new Error('no newcomer');
  return member.id;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function main() {
  const config = loadConfig({
    NODE_ENV: 'test',
    SECRET_KEY: 'bench-secret-key-that-is-long-enough-0123456789',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kindling-bench-')),
  });
  const database = await openPglite(null);
  await timed('migrate', () => migrate(database));
  const { db } = database;
  const { tenantId } = await createTenant(db, {
    domain: 'bench.example',
    name: 'Bench University',
    admin: {
      email: 'admin@bench.example',
      password: 'Kindling!2026',
      firstName: 'Bench',
      lastName: 'Admin',
    },
  });
  await seed(db, tenantId);
  const member = await cookieFor(db, tenantId, await regularMember(db, tenantId), config.secretKey);
  const stranger = await cookieFor(db, tenantId, await newcomer(db, tenantId), config.secretKey);
  const [sample] = await queryRows(
    db,
    sql`select i.id as idea, s.support_id as support, u.school_id as school, u.id as pi
        from ideas i
        join idea_supports s on s.tenant_id = i.tenant_id and s.idea_id = i.id
        join users u on u.tenant_id = i.tenant_id and u.id = i.principal_investigator_id
        where i.tenant_id = ${tenantId} order by i.id limit 1`,
    z.strictObject({ idea: z.number(), support: z.number(), school: z.number(), pi: z.number() }),
  );
  if (!sample) throw new Error('no sample idea');
  const lastPage = Math.ceil(IDEAS / 10);

  const assembled = assemble(config, database, createLogger('silent'));
  const app = createApp(assembled.deps);
  const calls: [label: string, url: string, cookie?: string][] = [
    ['recommendations, page 1', '/recommendations/ideas'],
    ['recommendations, newcomer', '/recommendations/ideas', stranger],
    ['recommendations, page 40', '/recommendations/ideas?page=40'],
    ['ideas, first page', '/ideas'],
    ['ideas, middle page', `/ideas?page=${lastPage / 2}`],
    ['ideas, last page', `/ideas?page=${lastPage}`],
    ['ideas, last page asc', `/ideas?page=${lastPage}&sort_order=asc`],
    ['ideas, support + school', `/ideas?support_id=${sample.support}&school_id=${sample.school}`],
    [
      'ideas, support + school, page 500',
      `/ideas?support_id=${sample.support}&school_id=${sample.school}&page=500`,
    ],
    ['ideas, following', '/ideas?following=true'],
    ['ideas, owner', `/ideas?idea_owner_id=${sample.pi}`],
    ['ideas, page of 100', '/ideas?page_size=100'],
    ['count', '/ideas/count'],
    ['count, support', `/ideas/count?support_id=${sample.support}`],
    ['count, school', `/ideas/count?school_id=${sample.school}`],
    ['idea detail', `/ideas/${sample.idea}`],
    ['member ideas', `/users/${sample.pi}/ideas`],
    ['idea owners, q', '/filter/idea-owners?q=last97'],
    ['idea owners, school', `/filter/idea-owners?school_id=${sample.school}`],
  ];
  // Round robin, so that whatever else the machine is doing weighs on every call alike; the
  // first two rounds warm the caches and are not counted. PGlite runs in this process, so the
  // process's CPU time per call is the work itself, which a busy shared machine does not inflate
  // the way it inflates wall time.
  const wall = calls.map(() => [] as number[]);
  const cpu = calls.map(() => [] as number[]);
  const items = calls.map(() => 0);
  for (let round = 0; round < RUNS + 2; round++) {
    for (const [index, [, url, cookie = member]] of calls.entries()) {
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      const res = await app.request(`/api/v1${url}`, { headers: { cookie } });
      const body = (await res.json()) as { ideas?: unknown[]; users?: unknown[] };
      const elapsed = performance.now() - started;
      const used = process.cpuUsage(cpuStarted);
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
      items[index] = body.ideas?.length ?? body.users?.length ?? 1;
      if (round >= 2) {
        wall[index]?.push(elapsed);
        cpu[index]?.push((used.user + used.system) / 1000);
      }
    }
  }
  const ms = (values: number[] | undefined, p: number) =>
    Number(
      percentile(
        [...(values ?? [])].sort((a, b) => a - b),
        p,
      ).toFixed(1),
    );
  const results = calls.map(([label, url], index) => ({
    call: `${label} (${url})`,
    p50: ms(wall[index], 50),
    p95: ms(wall[index], 95),
    'cpu p50': ms(cpu[index], 50),
    'cpu p95': ms(cpu[index], 95),
    items: items[index],
  }));
  console.log(`\n${PEOPLE} people, ${IDEAS} ideas, ${FOLLOWS} follows; ${RUNS} runs per call (ms)`);
  console.log(
    `load average over 1, 5, 15 minutes: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')}`,
  );
  console.table(results);
  await assembled.close();
  await database.close();
}

await main();
