import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { type Database, openPglite, openPostgres } from '../../src/db/client.ts';
import {
  adminUrl,
  PG_TEMPLATE,
  PG_TEST_PREFIX,
  PGLITE_TEMPLATE,
  testDatabaseKind,
} from '../databases.ts';
import { type Answer, type ServerProcess, startServerProcess } from '../processes.ts';

/**
 * A real server process on a database of its own, filled before it starts (PGlite allows one
 * process at a time): the test project's kind of database, and on PostgreSQL the rate limits in
 * Redis, so the sign-in limits are raced with both stores.
 */
export async function startRaceServer(fill: (db: Database['db']) => Promise<void>): Promise<{
  server: ServerProcess;
  stop(): Promise<void>;
}> {
  let env: Record<string, string>;
  let drop = async () => {};
  if (testDatabaseKind === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-race-'));
    const database = await openPglite(
      path.join(dataDir, 'db'),
      new Blob([readFileSync(PGLITE_TEMPLATE)]),
    );
    await fill(database.db);
    await database.close();
    env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  } else {
    const url = process.env.TEST_DATABASE_URL ?? '';
    const name = `${PG_TEST_PREFIX}${randomBytes(6).toString('hex')}`;
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE}`);
    const database = await openPostgres(adminUrl(url, name), 2);
    await fill(database.db);
    await database.close();
    env = {
      DATABASE_URL: adminUrl(url, name),
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `kindling-race-${randomBytes(4).toString('hex')}:`,
    };
    drop = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  // One proxy hop is trusted, so each request can name its own client address.
  const server = await startServerProcess({ ...env, TRUST_PROXY: '1' });
  return {
    server,
    async stop() {
      await server.stop('SIGKILL');
      await drop();
    },
  };
}

/** How many answers had each status. */
export function tally(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** `n` requests sent together, each on its own connection. */
export function together<T>(n: number, send: (index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: n }, (_, index) => send(index)));
}
