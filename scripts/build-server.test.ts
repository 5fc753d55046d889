import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { buildServerIfStale } from './build-server.ts';

it('compiles the server into one file that plain Node.js loads, packages and all', async () => {
  const entry = await buildServerIfStale();
  const compiled = readFileSync(entry, 'utf8');
  // The contract is TypeScript: Node.js could not load it from node_modules, so it is inside.
  expect(compiled).not.toMatch(/from\s*["']@kindling\//);
  expect(compiled).not.toMatch(/from\s*["'][^"']+\.ts["']/);
  // Every import is linked before the first line runs, so a configuration refused at the first
  // line shows that each package the server imports was found.
  const run = spawnSync(process.execPath, [entry], {
    env: { ...process.env, PORT: 'not-a-port' },
    encoding: 'utf8',
  });
  expect(run.stderr.trim()).toBe('Invalid PORT: Invalid input: expected number, received NaN');
  expect(run.status).toBe(1);
});
