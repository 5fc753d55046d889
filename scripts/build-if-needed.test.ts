import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Stands in for the web build: like Vite's `emptyOutDir` it clears its folder first, and it fails
 * when another build clears the folder under it, as compress-dist.mjs and the budget check do.
 */
const FAKE_BUILD = `
import { appendFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
const out = process.env.WEB_DIST;
appendFileSync(process.env.BUILD_LOG, 'build\\n');
rmSync(out, { recursive: true, force: true });
mkdirSync(path.join(out, '.vite'), { recursive: true });
writeFileSync(path.join(out, 'index.html'), '<!doctype html>');
await new Promise((resolve) => setTimeout(resolve, 1500));
if (!existsSync(path.join(out, 'index.html'))) process.exit(1);
writeFileSync(path.join(out, '.vite/build.json'), JSON.stringify({ production: true }));
`;

let dir: string;
let dist: string;
let log: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kindling-build-'));
  dist = path.join(dir, 'dist');
  log = path.join(dir, 'builds.log');
  writeFileSync(path.join(dir, 'fake-build.mjs'), FAKE_BUILD);
});

const builds = () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').length - 1 : 0);

function start(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/build-if-needed.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dir,
      DATABASE_URL: '',
      SECRET_KEY: 'build-test-secret-key-that-is-long-enough-0123456789',
      WEB_DIST: dist,
      WEB_BUILD_COMMAND: `node ${path.join(dir, 'fake-build.mjs')}`,
      BUILD_LOG: log,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

/** A build newer than every source, as a checkout leaves it. */
function leaveBuild(record: object | null) {
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
  if (record) writeFileSync(path.join(dist, '.vite/build.json'), JSON.stringify(record));
  const future = new Date(Date.now() + 3600_000);
  utimesSync(path.join(dist, 'index.html'), future, future);
}

it('rebuilds a development build left behind, however fresh', async () => {
  leaveBuild({ production: false });
  expect((await start()).code).toBe(0);
  expect(builds()).toBe(1);
  expect(JSON.parse(readFileSync(path.join(dist, '.vite/build.json'), 'utf8'))).toEqual({
    production: true,
  });
});

it('rebuilds a build that does not say how it was made', async () => {
  leaveBuild(null);
  expect((await start()).code).toBe(0);
  expect(builds()).toBe(1);
});

it('keeps a fresh production build', async () => {
  leaveBuild({ production: true });
  expect((await start()).code).toBe(0);
  expect(builds()).toBe(0);
});

it('checks the configuration before building', async () => {
  const { code, output } = await start({ DATABASE_URL: 'mysql://localhost/kindling' });
  expect(code).toBe(1);
  expect(output).toContain('Invalid DATABASE_URL: must be a URL with scheme');
  expect(builds()).toBe(0);
});

it('builds once when two starts run at once, and both start', async () => {
  const [first, second] = await Promise.all([start(), start()]);
  expect([first.code, second.code], first.output + second.output).toEqual([0, 0]);
  expect(builds()).toBe(1);
  expect(existsSync(path.join(dist, '.vite/build.json'))).toBe(true);
});
