/**
 * `npm run bench`: seeds a deployment reproducibly, checks the hot statements' plans and counts
 * the statements each request sends (bench/plans.ts), then drives the main routes with autocannon
 * from a second process, on PostgreSQL and on the embedded database, beside a raw `node:http`
 * hello-world as the ceiling. Writes bench/results.json and prints a table and every target of
 * issues 15 (pages and counts), 16 (search) and 18 (notifications and comments) as met or not.
 *
 *   npm run bench [-- --shape single|many|quick] [--databases postgres,pglite] [--duration 10]
 *                 [--seed-only | --plans-only | --only discussion|search] [--priority]
 *
 * Shapes: `single` is one large tenant, the common deployment; `many` is 1,000 tenants, the
 * largest as large; `quick` is 20 small ones. The seeded data is kept (bench/.data/pglite-SHAPE
 * for the embedded database, the `kindling_bench_SHAPE` database on BENCH_DATABASE_URL's server)
 * and reused while it matches the shape.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { drive, type Measured, raisePriority, startRawHello } from './load.ts';
import { checkPlans, type RoutePlans } from './plans.ts';
import {
  CONNECTIONS,
  newestIdea,
  plantDiscussion,
  runDiscussionOn,
  runOn,
  runSearchOn,
} from './routes.ts';
import {
  args,
  BIG,
  DURATION,
  kinds,
  prepare,
  root,
  say,
  scale,
  shapeName,
  withDatabase,
} from './shapes.ts';
import {
  discussionTargets,
  loadTargets,
  planTargets,
  printTargets,
  searchTargets,
  targets,
} from './targets.ts';

const started = new Date();
const load0 = loadavg();
say(
  `Kindling bench, ${shapeName} shape, ${DURATION} s per route; ${cpus().length} cores, load ${load0.map((l) => l.toFixed(1)).join(' ')}`,
);

/** The ceiling, measured right before each database's routes so both see the same machine. */
async function measureCeiling(connections: number): Promise<Measured> {
  const raw = await startRawHello();
  const ceiling = await drive(
    { name: 'raw node:http', url: raw.url, connections },
    raw.child.pid ?? 0,
  );
  raw.child.kill();
  say(
    `ceiling  raw node:http             ${ceiling.rps} rps  p50 ${ceiling.p50} ms  p99 ${ceiling.p99} ms`,
  );
  return ceiling;
}

if (args.priority) raisePriority(say);

const results: Record<string, Measured[]> = {};
const ceilings: Record<string, Measured> = {};
const planResults: Record<string, RoutePlans[]> = {};

if (args['seed-only']) {
  for (const kind of kinds) await prepare(kind);
  process.exit(0);
}

for (const kind of kinds) {
  const config = await prepare(kind);
  const discussion = { ideas: await withDatabase(config, plantDiscussion) };
  if (args.only === 'discussion') {
    // The ceiling too: on a shared machine a group's figures compare only as shares of it.
    const ceiling = await measureCeiling(CONNECTIONS[kind]);
    ceilings[kind] = ceiling;
    const discussed = await runDiscussionOn(kind, config, discussion);
    for (const m of discussed) m.shareOfCeiling = Math.round((m.rps / ceiling.rps) * 100) / 100;
    results[kind] = discussed;
    discussionTargets(kind, discussed);
    continue;
  }
  if (args.only === 'search') {
    const ceiling = await measureCeiling(CONNECTIONS[kind]);
    ceilings[kind] = ceiling;
    const searched = await runSearchOn(kind, config, await withDatabase(config, newestIdea));
    for (const m of searched) m.shareOfCeiling = Math.round((m.rps / ceiling.rps) * 100) / 100;
    results[kind] = searched;
    searchTargets(kind, searched);
    continue;
  }
  if (config.kind === 'postgres')
    say(`postgres at ${decodeURIComponent(new URL(config.url).host)}`);
  const plans = await withDatabase(config, (database) => checkPlans(database, BIG, say));
  planResults[kind] = plans;
  planTargets(kind, plans);
  if (args['plans-only']) continue;
  const ceiling = await measureCeiling(CONNECTIONS[kind]);
  ceilings[kind] = ceiling;
  const { measured, feedAlone, feedBeside, searched, discussed } = await runOn(
    kind,
    config,
    plans,
    discussion,
  );
  for (const m of measured) m.shareOfCeiling = Math.round((m.rps / ceiling.rps) * 100) / 100;
  results[kind] = measured;
  const ownTargets = new Set([...searched, ...discussed].map((m) => m.route));
  loadTargets(
    kind,
    measured.filter((m) => !ownTargets.has(m.route)),
    ceiling,
    { alone: feedAlone, beside: feedBeside },
  );
  searchTargets(kind, searched);
  discussionTargets(kind, discussed);
}

const file = path.join(root, 'bench/results.json');
writeFileSync(
  file,
  `${JSON.stringify(
    {
      started: started.toISOString(),
      shape: { name: shapeName, ...scale },
      durationSeconds: DURATION,
      machine: {
        cores: cpus().length,
        memoryGiB: Math.round(totalmem() / 2 ** 30),
        node: process.version,
        loadBefore: load0,
        loadAfter: loadavg(),
      },
      ceilings,
      plans: planResults,
      results,
      targets,
    },
    null,
    2,
  )}\n`,
);
printTargets(path.relative(root, file));
