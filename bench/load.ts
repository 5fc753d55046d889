/** The processes a run starts and drives: the server, the raw ceiling, and autocannon's load. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { setPriority } from 'node:os';
import path from 'node:path';
import { buildServerIfStale } from '../scripts/build-server.ts';
import { DURATION, root } from './shapes.ts';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitReady(url: string, child: ChildProcess) {
  for (let tries = 0; tries < 600; tries++) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}

export async function startKindling(env: Record<string, string>) {
  const port = await freePort();
  // The compiled server, as `npm start` runs it.
  const child = spawn(process.execPath, [await buildServerIfStale()], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      // As deployed (issue 15 measured production mode): secure cookies, HSTS, no /dev routes.
      NODE_ENV: 'production',
      SECRET_KEY: 'kindling-bench-secret-key-of-at-least-32-characters',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitReady(`${url}/readyz`, child);
  return { url, child };
}

/** The ceiling: the least an HTTP server on this machine can do per request. */
export async function startRawHello() {
  const port = await freePort();
  const code = `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'application/json' }); s.end('{"status":"ok"}'); }).listen(${port}, '127.0.0.1')`;
  const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitReady(url, child);
  return { url, child };
}

function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The processes named `postgres` on this machine. */
function postgresPids(): number[] {
  return readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      return readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres'
        ? [Number(entry)]
        : [];
    } catch {
      return [];
    }
  });
}

/**
 * `--priority`: this process at nice -15, so the server, the ceiling and autocannon it starts
 * inherit it, and (as root) PostgreSQL's processes, whose new backends inherit it from their parent;
 * theirs is given back on exit. Measurements on a busy machine then see about a quiet one's share.
 */
export function raisePriority(say: (line: string) => void) {
  const raised = -15;
  setPriority(raised);
  const postgres = postgresPids();
  const given: number[] = [];
  for (const pid of postgres) {
    try {
      setPriority(pid, raised);
      given.push(pid);
    } catch {
      // Not ours to raise (not root): PostgreSQL keeps its priority.
    }
  }
  process.on('exit', () => {
    for (const pid of postgresPids()) {
      try {
        setPriority(pid, 0);
      } catch {
        // Ended, or not ours.
      }
    }
  });
  say(
    `priority: nice ${raised} for the bench${given.length ? ` and ${given.length} PostgreSQL processes` : ''}`,
  );
}

/** A process's fields after its command name in /proc/PID/stat ([1] is the parent). */
function statOf(pid: number | string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** Clock ticks (10 ms) of fields [from, from + 1] of a stat, in ms. */
const ticks = (fields: string[] | null, from: number) =>
  fields ? (Number(fields[from]) + Number(fields[from + 1])) * 10 : 0;

/** CPU time a process has used (utime + stime), in ms. */
const cpuMsOf = (pid: number) => ticks(statOf(pid), 11);

/**
 * CPU time of each PostgreSQL backend serving a bench database (`postgres: user kindling_bench_…`
 * in its command line), in ms by process id. Other databases' backends, and what ended backends
 * left in the postmaster's count of its children, are left out: a helper's tests on the same
 * server doubled the figure when they were counted. The server's pool keeps its backends through a
 * run, so one that ends within it is rare, and is then undercounted.
 */
function benchBackendsCpu(): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const pid of postgresPids()) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(' kindling_bench_')) {
        cpu.set(pid, cpuMsOf(pid));
      }
    } catch {
      // Ended between the listing and the read.
    }
  }
  return cpu;
}

/** What the bench backends spent since `before`; a backend new since then counts whole. */
function postgresCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of benchBackendsCpu()) total += ms - (before.get(pid) ?? 0);
  return total;
}

export interface Load {
  name: string;
  url: string;
  connections: number;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** Requests per second over all connections; none means as fast as they come. */
  rate?: number;
}

export interface Measured {
  route: string;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  rssMiB: number;
  /**
   * CPU per request, in ms, of the server process and of the PostgreSQL processes (0 on the
   * embedded database, which runs in the server's): on a shared machine the rate follows the
   * load, the work a request costs much less.
   */
  serverCpuMs: number;
  databaseCpuMs: number;
  shareOfCeiling?: number;
}

/**
 * One autocannon run, in a process of its own so the load does not share this event loop. A
 * short run first, not counted, warms the route (JIT, caches, pool connections).
 */
export async function drive(load: Load, serverPid: number, warmUp = true): Promise<Measured> {
  if (warmUp) await cannon(load, 2);
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(serverPid));
  }, 250);
  const cpu = { server: cpuMsOf(serverPid), database: benchBackendsCpu() };
  const result = await cannon(load, DURATION);
  const requests = Math.max(1, result.requests.total);
  const perRequest = (ms: number) => Math.round((ms / requests) * 100) / 100;
  clearInterval(sampler);
  return {
    route: load.name,
    connections: load.connections,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    rssMiB: Math.round(peak / 1024 / 1024),
    serverCpuMs: perRequest(cpuMsOf(serverPid) - cpu.server),
    databaseCpuMs: perRequest(postgresCpuSince(cpu.database)),
  };
}

async function cannon(load: Load, seconds: number) {
  const cannonArgs = [
    path.join(root, 'node_modules/autocannon/autocannon.js'),
    '--json',
    '-c',
    String(load.connections),
    '-d',
    String(seconds),
    '-m',
    load.method ?? 'GET',
  ];
  for (const [key, value] of Object.entries(load.headers ?? {})) {
    cannonArgs.push('-H', `${key}=${value}`);
  }
  if (load.body) cannonArgs.push('-H', 'content-type=application/json', '-b', load.body);
  if (load.rate) cannonArgs.push('-R', String(load.rate));
  cannonArgs.push(load.url);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, cannonArgs, { stdio: ['ignore', 'pipe', 'ignore'] });
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`autocannon ${code}`)),
    );
  });
  return JSON.parse(output);
}
