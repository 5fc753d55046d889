import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../test/databases.ts';
import { openPglite } from '../db/client.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** The real command, as `npm run cli --` runs it, on a fresh embedded database folder. */
function cli(args: string[], dataDir: string) {
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

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'kindling-cli-'));
const lastLine = (text: string) => text.trim().split('\n').at(-1) ?? '';

// The CLI is the same code on either database; running it once, on the embedded one, is enough.
describe.runIf(testDatabaseKind === 'pglite')('the CLI', { timeout: 120_000 }, () => {
  it('--help lists every command', () => {
    const { code, stdout } = cli(['--help'], freshDir());
    expect(code).toBe(0);
    expect(stdout).toContain('tenant create');
    expect(stdout).toContain('demo');
  });

  it('a bad argument exits 2 with a clear error', () => {
    const dir = freshDir();
    expect(cli(['frobnicate'], dir)).toMatchObject({ code: 2 });
    const missing = cli(['tenant', 'create', '--domain', 'x.edu'], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--name is required');
    const unknownFlag = cli(['demo', '--colour', 'red'], dir);
    expect(unknownFlag.code).toBe(2);
    const weak = cli(
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

  it('tenant create prints the ids last and refuses a taken domain with exit 1', () => {
    const dir = freshDir();
    const args = [
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
    const created = cli(args, dir);
    expect(created.code, created.stderr).toBe(0);
    const ids = JSON.parse(lastLine(created.stdout));
    expect(ids).toEqual({ tenant_id: expect.any(Number), admin_user_id: expect.any(Number) });
    const again = cli(args, dir);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('second.example.edu is already taken');
  });

  it('seed checks its numbers and its tenant', () => {
    const dir = freshDir();
    const bad = cli(['seed', '--domain', 'x.edu', '--people', 'many', '--ideas', '1'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--people must be a whole number');
    const missing = cli(['seed', '--domain', 'nowhere.edu', '--people', '1', '--ideas', '1'], dir);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No tenant has the domain nowhere.edu');
  });

  it('backup and restore name their file; a missing backup is exit 1', () => {
    const dir = freshDir();
    const noFile = cli(['backup'], dir);
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toContain('--file is required');
    const missing = cli(['restore', '--file', path.join(dir, 'none.tar.gz'), '--force'], dir);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('There is no backup file');
  });

  it('stops with exit 1 while another process holds the embedded database', async () => {
    const dir = freshDir();
    const held = await openPglite(path.join(dir, 'db'));
    try {
      const result = cli(['demo'], dir);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`in use by process ${process.pid}`);
    } finally {
      await held.close();
    }
  });

  it('demo seeds once and then changes nothing', () => {
    const dir = freshDir();
    const first = cli(['demo'], dir);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(lastLine(first.stdout))).toMatchObject({ created: true });
    const second = cli(['demo'], dir);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('exists already');
    expect(JSON.parse(lastLine(second.stdout))).toMatchObject({ created: false });
  });
});
