import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from 'pg';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';

export const TEMPLATE_DIR = fileURLToPath(
  new URL('../../node_modules/.cache/kindling-test', import.meta.url),
);
/** Set once per `vitest run` (vitest.config.ts): this run's databases carry it in their names. */
const RUN = process.env.KINDLING_TEST_RUN ?? 'solo';
export const PG_TEMPLATE = `kindling_tpl_${RUN}`;
export const PGLITE_TEMPLATE = path.join(TEMPLATE_DIR, `pglite-template-${RUN}.tar`);
/** The prefix of every database a test file of this run creates. */
export const PG_TEST_PREFIX = `kindling_t_${RUN}_`;

export type DatabaseKind = 'pglite' | 'postgres';

/** Which database this test project runs on (see vitest.config.ts: one project per kind). */
export const testDatabaseKind: DatabaseKind =
  process.env.KINDLING_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export function adminUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Fills an embedded database's folder with the migrated template, as a deployment's folder is
 * after its first start: a test of what a command does with it skips creating and migrating a
 * database, the slowest part of a first start (the CLI test still proves that part once).
 */
export async function migratedPgliteDir(dataDir: string): Promise<void> {
  const database = await openPglite(dataDir, new Blob([readFileSync(PGLITE_TEMPLATE)]));
  await database.close();
}

/** A fresh, migrated database for one test file; close() throws it away. */
export async function openTestDatabase(kind: DatabaseKind = testDatabaseKind): Promise<Database> {
  if (kind === 'pglite') {
    return openPglite(null, new Blob([readFileSync(PGLITE_TEMPLATE)]));
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${PG_TEST_PREFIX}${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE}`);
  const database = await openPostgres(adminUrl(url, name), 5);
  return {
    ...database,
    async close() {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
