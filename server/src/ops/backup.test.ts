import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testConfig } from '../../test/app.ts';
import { adminUrl, migratedPgliteDir, testDatabaseKind } from '../../test/databases.ts';
import type { DatabaseConfig } from '../config.ts';
import { type Database, openDatabase, queryRows } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { queryCount } from '../db/rows.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { seedDemo } from '../demo/seed.ts';
import { seedSynthetic } from '../demo/synthetic.ts';
import { assemble } from '../deps.ts';
import { createLogger } from '../logger.ts';
import { BackupError, backup, restore } from './backup.ts';

/** Rows in every table of the schema, by table: what a faithful restore must give back. */
async function rowCounts(database: Database): Promise<Record<string, number>> {
  const tables = await queryRows(
    database.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    z.strictObject({ name: z.string() }),
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    counts[name] = await queryCount(
      database.db,
      sql.raw(`select count(*)::int as n from "${name}"`),
    );
  }
  return counts;
}

async function withDatabase<T>(config: DatabaseConfig, work: (d: Database) => Promise<T>) {
  const database = await openDatabase(config);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** A migrated database holding the demo tenant and a seeded one, and its row counts. */
async function seeded(config: DatabaseConfig) {
  return withDatabase(config, async (database) => {
    await migrate(database);
    const assembled = assemble(testConfig(), database, createLogger('silent'));
    const { tenantId } = await seedDemo(assembled.deps);
    await assembled.close();
    await seedSynthetic(database.db, tenantId, { people: 40, ideas: 80, follows: 150, seed: 7 });
    return rowCounts(database);
  });
}

const folder = () => mkdtempSync(path.join(tmpdir(), 'kindling-backup-'));

describe.runIf(testDatabaseKind === 'pglite')(
  'backup and restore of the embedded database',
  {
    timeout: 120_000,
  },
  () => {
    // One seeded database and its backup for both tests: seeding the demo on the embedded
    // database is most of each test's time.
    let dir: string;
    let source: DatabaseConfig;
    let before: Record<string, number>;
    let file: string;
    beforeAll(async () => {
      dir = folder();
      source = { kind: 'pglite', dataDir: path.join(dir, 'source') };
      await migratedPgliteDir(path.join(dir, 'source'));
      before = await seeded(source);
      file = path.join(dir, 'kindling.tar.gz');
      await backup(source, file);
    });

    it('round-trips a seeded tenant into another folder with equal row counts', async () => {
      expect(before.users).toBeGreaterThan(40);
      const target: DatabaseConfig = { kind: 'pglite', dataDir: path.join(dir, 'target') };
      await restore(target, file, { force: false });
      expect(await withDatabase(target, rowCounts)).toEqual(before);
    });

    it('replaces a database that holds data only when forced, keeping the old folder', async () => {
      await withDatabase(source, (d) => d.db.execute(sql`delete from follows`));
      await expect(restore(source, file, { force: false })).rejects.toThrow(BackupError);
      const { keptAt } = await restore(source, file, { force: true });
      expect(keptAt && existsSync(keptAt)).toBeTruthy();
      expect(await withDatabase(source, rowCounts)).toEqual(before);
      await expect(
        restore(source, path.join(dir, 'missing.tar.gz'), { force: true }),
      ).rejects.toThrow('There is no backup file');
    });
  },
);

describe.runIf(testDatabaseKind === 'postgres')(
  'backup and restore on PostgreSQL',
  {
    timeout: 120_000,
  },
  () => {
    const url = process.env.TEST_DATABASE_URL ?? '';
    const created: string[] = [];
    const freshDatabase = async () => {
      const name = `kindling_b_${randomBytes(6).toString('hex')}`;
      const admin = new Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      created.push(name);
      return { kind: 'postgres', url: adminUrl(url, name) } as const;
    };
    afterAll(async () => {
      const admin = new Client({ connectionString: url });
      await admin.connect();
      for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });

    it('round-trips a seeded tenant with pg_dump into an empty database, and over a changed one', async () => {
      const source = await freshDatabase();
      const target = await freshDatabase();
      const before = await seeded(source);
      expect(before.ideas).toBeGreaterThan(80);
      const file = path.join(folder(), 'kindling.dump');
      await backup(source, file);
      await restore(target, file, { force: false });
      expect(await withDatabase(target, rowCounts)).toEqual(before);
      // The application role is granted its tables again and row-level security binds it.
      const seen = await withDatabase(target, (d) =>
        inTenant(d.db, 1, (tx) => queryCount(tx, sql`select count(*)::int as n from users`)),
      );
      expect(seen).toBe(before.users);

      await withDatabase(source, (d) => d.db.execute(sql`delete from follows`));
      await restore(source, file, { force: false });
      expect(await withDatabase(source, rowCounts)).toEqual(before);
    });
  },
);
