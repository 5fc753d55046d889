import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { Client } from 'pg';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import {
  adminUrl,
  PG_TEMPLATE,
  PG_TEST_PREFIX,
  PGLITE_TEMPLATE,
  TEMPLATE_DIR,
} from './databases.ts';

/**
 * Migrates one template per database kind before any test file runs; each file then starts from a
 * copy (a PGlite data-dir dump, or CREATE DATABASE … TEMPLATE), never from a shared mutable one.
 * Every server project names this file, and Vitest calls it once per project: the first call of a
 * run makes the templates and later ones find them, so a run migrates each kind once.
 */
export default async function setup() {
  if (existsSync(PGLITE_TEMPLATE)) return undefined;
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  const pglite = await openPglite(null);
  await migrate(pglite);
  const dump = await pglite.dumpDataDir('none');
  writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();

  const url = process.env.TEST_DATABASE_URL;
  if (!url) return () => rmSync(PGLITE_TEMPLATE, { force: true });
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${PG_TEMPLATE}`);
  const template = await openPostgres(adminUrl(url, PG_TEMPLATE), 2);
  await migrate(template);
  await template.close();
  return async () => {
    const leftovers = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [PG_TEST_PREFIX],
    );
    for (const { datname } of leftovers.rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE} WITH (FORCE)`);
    await admin.end();
    rmSync(PGLITE_TEMPLATE, { force: true });
  };
}
