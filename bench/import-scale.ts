/**
 * Measures bulk onboarding on a 50,000-row CSV: the preview, the import (mailing claim links) and
 * the re-import of the same file (every row an update), through the real app on PGlite in a
 * temporary data folder, the file streamed from disk as a browser would send it.
 *
 *   npx tsx bench/import-scale.ts [rows]
 *
 * Prints, per call, wall and CPU time and the process's memory: the JavaScript heap and the
 * resident set at their peak during the call, sampled every 25 ms, beside their values before it.
 * PGlite runs in this process, so the resident set also holds the database's WebAssembly memory,
 * which grows with the data; the heap is what parsing and checking rows costs. Not part of
 * `npm test`: it takes minutes.
 */
import { createReadStream, createWriteStream, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createApp } from '../server/src/app.ts';
import { SESSION_COOKIE } from '../server/src/auth/session-middleware.ts';
import { randomToken, tokenHash } from '../server/src/auth/tokens.ts';
import { loadConfig } from '../server/src/config.ts';
import { openPglite, queryRows } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { assemble } from '../server/src/deps.ts';
import { createLogger } from '../server/src/logger.ts';
import { createTenant } from '../server/src/tenants/service.ts';

const ROWS = Number(process.argv[2] ?? 50_000);
const SCHOOLS = 10;
const DEPARTMENTS = 5;
const MiB = 1024 * 1024;

const FIRST_NAMES = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Tim'];
/** Names allow letters only: n spelt in base 26. */
const lettersOf = (n: number): string =>
  (n >= 26 ? lettersOf(Math.floor(n / 26) - 1) : '') + String.fromCharCode(97 + (n % 26));

/** Writes the file row by row: the generator holds no more of it in memory than the importer. */
async function writeCsv(file: string) {
  const out = createWriteStream(file);
  out.write('first_name,last_name,email,role,school,department,headline,location,publications\n');
  for (let n = 1; n <= ROWS; n++) {
    const school = n % SCHOOLS;
    const publications =
      n % 5 === 0
        ? `"${JSON.stringify([{ title: `Paper ${n}`, authors: 'A. Author', year: 2000 + (n % 25), citations: n % 300 }]).replace(/"/g, '""')}"`
        : '';
    const line = `${FIRST_NAMES[n % FIRST_NAMES.length]},Mc${lettersOf(n)},person${n}@bench.example,${['Student', 'Faculty', 'Staff', 'Industry partner'][n % 4]},School ${school},School ${school} dept ${n % DEPARTMENTS},Researcher in field ${n % 50},City ${n % 40},${publications}\n`;
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  out.end();
  await finished(out);
}

interface Sample {
  heap: number;
  rss: number;
}
const now = (): Sample => {
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed, rss: usage.rss };
};

async function measure<T>(label: string, work: () => Promise<T>): Promise<T> {
  global.gc?.();
  const before = now();
  const peak = { ...before };
  const timer = setInterval(() => {
    const sample = now();
    peak.heap = Math.max(peak.heap, sample.heap);
    peak.rss = Math.max(peak.rss, sample.rss);
  }, 25);
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const result = await work();
  const cpu = process.cpuUsage(cpuStarted);
  clearInterval(timer);
  const mib = (bytes: number) => `${(bytes / MiB).toFixed(0)} MiB`;
  console.log(
    `${label}: ${((performance.now() - started) / 1000).toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU; heap ${mib(before.heap)} -> peak ${mib(peak.heap)}; rss ${mib(before.rss)} -> peak ${mib(peak.rss)}`,
  );
  return result;
}

async function main() {
  const folder = mkdtempSync(path.join(tmpdir(), 'kindling-import-bench-'));
  const file = path.join(folder, 'people.csv');
  await writeCsv(file);
  const bytes = statSync(file).size;
  console.log(`${ROWS} rows, ${(bytes / MiB).toFixed(2)} MiB`);

  const config = loadConfig({
    NODE_ENV: 'test',
    SECRET_KEY: 'bench-secret-key-that-is-long-enough-0123456789',
    DATA_DIR: folder,
  });
  // On disk, as the server runs by default: in-memory PGlite grows its files by copying them,
  // which would make a large import look quadratic.
  const database = await openPglite(path.join(folder, 'db'));
  await migrate(database);
  const { db } = database;
  const { tenantId, adminUserId } = await createTenant(db, {
    domain: 'bench.example',
    name: 'Bench University',
    admin: {
      email: 'admin@bench.example',
      password: 'Kindling!2026',
      firstName: 'Bench',
      lastName: 'Admin',
    },
  });
  await db.execute(sql`
    insert into schools (tenant_id, name)
    select ${tenantId}, 'School ' || s from generate_series(0, ${SCHOOLS - 1}) s`);
  await db.execute(sql`
    insert into departments (tenant_id, school_id, name)
    select ${tenantId}, sc.id, sc.name || ' dept ' || d
    from schools sc, generate_series(0, ${DEPARTMENTS - 1}) d where sc.tenant_id = ${tenantId}`);
  const token = randomToken();
  await db.execute(sql`
    insert into sessions (tenant_id, user_id, token_hash, expires_at)
    values (${tenantId}, ${adminUserId}, ${tokenHash(config.secretKey, token)}, now() + interval '1 day')`);
  const cookie = `${SESSION_COOKIE}=${token}`;

  // The mail worker is not started: claim mails stay queued in the outbox, as they are written.
  const app = createApp(assemble(config, database, createLogger('silent')).deps);
  const upload = async (url: string) => {
    const res = await app.request(`/api/v1${url}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'text/csv', 'content-length': String(bytes) },
      body: Readable.toWeb(createReadStream(file)) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
    const { errors, sample, ...counts } = body;
    return { ...counts, errors: errors.length };
  };

  console.log(await measure('preview', () => upload('/admin/imports/preview')));
  console.log(await measure('import, mail=true', () => upload('/admin/imports?mail=true')));
  console.log(await measure('re-import (updates)', () => upload('/admin/imports')));
  const [queued] = await queryRows(
    db,
    sql`select count(*)::int as n from outbox where tenant_id = ${tenantId}`,
    z.strictObject({ n: z.number() }),
  );
  console.log(`claim mails queued: ${queued?.n}`);
  await database.close();
}

await main();
