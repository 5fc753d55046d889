import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import type { DatabaseConfig } from '../config.ts';
import { openPglite, openPostgres } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { applyRowLevelSecurity } from '../db/security.ts';

/** A refusal the operator can act on: printed as it is, exit code 1. */
export class BackupError extends Error {}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    child.on('error', (error) =>
      reject(
        new BackupError(
          `${command} could not be started (${error.message}); install the PostgreSQL client tools`,
        ),
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed: ${errors.trim()}`)),
    );
  });
}

/**
 * Writes a backup of the whole database to `file`: pg_dump's custom format for PostgreSQL, a
 * gzipped dump of the data directory for the embedded database (which must not be in use).
 * Privileges and owners are left out: restore re-applies the application role and its policies.
 */
export async function backup(config: DatabaseConfig, file: string): Promise<void> {
  if (config.kind === 'postgres') {
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${file}`,
      `--dbname=${config.url}`,
    ]);
    return;
  }
  const database = await openPglite(config.dataDir);
  try {
    const dump = await database.dumpDataDir();
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Replaces the database with a backup. PostgreSQL: the backup's objects replace the current ones in
 * one transaction. Embedded: the current folder is kept beside it, renamed, and only with `force`.
 * Either way the migrations and row-level security are applied afterwards, so an older backup
 * comes back current and every table is bound to its tenant again.
 */
export async function restore(
  config: DatabaseConfig,
  file: string,
  { force }: { force: boolean },
): Promise<{ keptAt: string | null }> {
  if (!existsSync(file)) throw new BackupError(`There is no backup file ${file}.`);
  if (config.kind === 'postgres') {
    // The dump's policies name the application role, which a new server does not have yet.
    const before = await openPostgres(config.url, 1);
    try {
      await applyRowLevelSecurity(before.db);
    } finally {
      await before.close();
    }
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      `--dbname=${config.url}`,
      file,
    ]);
    const after = await openPostgres(config.url, 1);
    try {
      await migrate(after);
    } finally {
      await after.close();
    }
    return { keptAt: null };
  }

  const dataDir = config.dataDir;
  if (!dataDir) throw new BackupError('An in-memory database cannot be restored into.');
  let keptAt: string | null = null;
  if (!isEmptyDir(dataDir)) {
    if (!force) {
      throw new BackupError(
        `The embedded database in ${dataDir} holds data. Pass --force to replace it; the current folder is then kept beside it.`,
      );
    }
    // Opening it proves no server is using it before it is moved aside.
    await (await openPglite(dataDir)).close();
    keptAt = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, keptAt);
  }
  const database = await openPglite(dataDir, new Blob([await readFile(file)]));
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  return { keptAt };
}
