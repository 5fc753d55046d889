import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migratedPgliteDir, PGLITE_TEMPLATE, testDatabaseKind } from '../../test/databases.ts';
import { openPglite } from '../db/client.ts';
import { run } from './commands.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The real command, as `npm run cli --` runs it. Each start of Node.js with tsx costs seconds on a
 * loaded machine, so only two tests start one, to prove the process itself (its output and exit
 * codes, another process's lock); the rest call `run` below. A first open of an empty folder,
 * which creates and migrates the embedded database as a command's does, is proved by every
 * journey run: the journeys' universities are made on an empty folder
 * (server/test/e2e-universities.ts).
 */
function cliProcess(args: string[], dataDir: string) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'server/src/cli/main.ts', ...args],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
      timeout: 110_000,
    },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The same command line run in this process, with what it printed and the exit code it answered. */
async function cli(args: string[], dataDir: string) {
  let stdout = '';
  let stderr = '';
  const code = await run(args, {
    env: { DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'silent' },
    out: (text) => {
      stdout += text;
    },
    err: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'kindling-cli-'));
const lastLine = (text: string) => text.trim().split('\n').at(-1) ?? '';

/** A data folder as it is after a first command: its database made and migrated. */
async function migratedDir() {
  const dir = freshDir();
  await migratedPgliteDir(path.join(dir, 'db'));
  return dir;
}

const tenantArgs = [
  'tenant',
  'create',
  '--domain',
  'Second.Example.edu',
  '--name',
  'Second University',
  '--admin-email',
  'root@second.example.edu',
  '--admin-password',
  'Sup3r$ecret',
];

// The CLI is the same code on either database; running it once, on the embedded one, is enough.
describe.runIf(testDatabaseKind === 'pglite')('the CLI', { timeout: 120_000 }, () => {
  it('--help lists every command', async () => {
    const { code, stdout } = await cli(['--help'], freshDir());
    expect(code).toBe(0);
    expect(stdout).toContain('tenant create');
    expect(stdout).toContain('demo');
  });

  it('a bad argument exits 2 with a clear error', async () => {
    const dir = freshDir();
    expect(await cli(['frobnicate'], dir)).toMatchObject({ code: 2 });
    const missing = await cli(['tenant', 'create', '--domain', 'x.edu'], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--name is required');
    const unknownFlag = await cli(['demo', '--colour', 'red'], dir);
    expect(unknownFlag.code).toBe(2);
    const weak = await cli(
      [
        'tenant',
        'create',
        '--domain',
        'x.edu',
        '--name',
        'X',
        '--admin-email',
        'a@x.edu',
        '--admin-password',
        'short',
      ],
      dir,
    );
    expect(weak.code).toBe(2);
    expect(weak.stderr).toContain('Min 8 characters');
  });

  it('tenant create prints the ids last and refuses a taken domain with exit 1', async () => {
    const dir = await migratedDir();
    const created = cliProcess(tenantArgs, dir);
    expect(created.code, created.stderr).toBe(0);
    const ids = JSON.parse(lastLine(created.stdout));
    expect(ids).toEqual({ tenant_id: expect.any(Number), admin_user_id: expect.any(Number) });
    const again = await cli(tenantArgs, dir);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('second.example.edu is already taken');
  });

  it('seed checks its numbers and its tenant', async () => {
    const dir = await migratedDir();
    const bad = await cli(['seed', '--domain', 'x.edu', '--people', 'many', '--ideas', '1'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--people must be a whole number');
    const missing = await cli(
      ['seed', '--domain', 'nowhere.edu', '--people', '1', '--ideas', '1'],
      dir,
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No tenant has the domain nowhere.edu');
  });

  it('backup and restore name their file; a missing backup is exit 1', async () => {
    const dir = freshDir();
    const noFile = await cli(['backup'], dir);
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toContain('--file is required');
    const missing = await cli(['restore', '--file', path.join(dir, 'none.tar.gz'), '--force'], dir);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('There is no backup file');
  });

  it('stops with exit 1 while another process holds the embedded database', async () => {
    const dir = freshDir();
    const held = await openPglite(path.join(dir, 'db'), new Blob([readFileSync(PGLITE_TEMPLATE)]));
    try {
      const result = cliProcess(['demo'], dir);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`in use by process ${process.pid}`);
    } finally {
      await held.close();
    }
  });

  it('demo seeds once and then changes nothing', async () => {
    const dir = await migratedDir();
    const first = await cli(['demo'], dir);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(lastLine(first.stdout))).toMatchObject({ created: true });
    const second = await cli(['demo'], dir);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('exists already');
    expect(JSON.parse(lastLine(second.stdout))).toMatchObject({ created: false });
  });
});
