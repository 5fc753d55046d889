// `npm start` builds the web app only when its sources are newer than the last build (CONTRACT §1),
// or when the build there was not a production build (web/build/productionBuild.ts), and the
// server likewise (scripts/build-server.ts). Run with tsx: it checks the server's configuration
// first, so a mistake there is told in a second, not after a build.
import { execSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigError, loadConfig } from '../server/src/config.ts';
import { buildServerIfStale, newest } from './build-server.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(process.env.WEB_DIST || path.join(root, 'web/dist'));
// Replaceable so a test can stand in for the minute-long Vite build.
const buildCommand = process.env.WEB_BUILD_COMMAND || 'npm run build -w web';
const lockFile = `${dist}.lock`;
const scratchPrefix = `${path.basename(dist)}.building-`;

try {
  loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

function isProductionBuild() {
  try {
    return (
      JSON.parse(readFileSync(path.join(dist, '.vite/build.json'), 'utf8')).production === true
    );
  } catch {
    return false;
  }
}

function isStale() {
  const built = statSync(path.join(dist, 'index.html'), { throwIfNoEntry: false });
  if (!built || !isProductionBuild()) return true;
  const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'contract/src']
    .map((p) => path.join(root, p))
    .filter(existsSync);
  return Math.max(...sources.map(newest)) > built.mtimeMs;
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** The process holding the lock; 0 while it is writing its number, null when the lock is gone. */
function lockHolder() {
  try {
    return Number(readFileSync(lockFile, 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * One build at a time on a checkout: a second `npm start` waits for the first one's build and then
 * finds it fresh. A lock left by a process that died is taken over.
 */
async function lock() {
  let told = false;
  for (;;) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    const holder = lockHolder();
    if (holder === null) continue;
    if (holder && !isRunning(holder)) {
      rmSync(lockFile, { force: true });
      continue;
    }
    if (!told) {
      console.log(`Waiting for another build of the web app (process ${holder})...`);
      told = true;
    }
    await sleep(200);
  }
}

/**
 * Builds beside the served folder and then swaps it in, so a server never serves a half-written
 * build and a build that fails or is stopped leaves the previous one in place.
 */
function build() {
  const parent = path.dirname(dist);
  for (const entry of readdirSync(parent)) {
    if (entry.startsWith(scratchPrefix)) rmSync(path.join(parent, entry), { recursive: true });
  }
  const scratch = path.join(parent, `${scratchPrefix}${process.pid}`);
  const previous = `${scratch}-previous`;
  console.log('Building the web app...');
  try {
    execSync(buildCommand, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, WEB_DIST: scratch },
    });
  } catch {
    rmSync(scratch, { recursive: true, force: true });
    return false;
  }
  if (existsSync(dist)) renameSync(dist, previous);
  renameSync(scratch, dist);
  rmSync(previous, { recursive: true, force: true });
  return true;
}

if (isStale()) {
  await lock();
  let built = true;
  try {
    if (isStale()) built = build();
  } finally {
    rmSync(lockFile, { force: true });
  }
  if (!built) {
    process.stderr.write('The web app did not build.\n');
    process.exit(1);
  }
}

await buildServerIfStale();
