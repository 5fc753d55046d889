import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale } from '../../scripts/build-server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * The real server as `npm start` runs it, in a process of its own: what a fault test needs to send
 * it signals, run two side by side, or cut its database away.
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Compiled, as `npm start` runs it: these tests also prove the build finds its files.
  const child = spawn(process.execPath, [await buildServerIfStale()], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kindling-process-')),
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      SECRET_KEY: 'fault-test-secret-key-that-is-long-enough-0123456789',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout?.on('data', (chunk) => {
    printed += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    printed += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${printed}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready in 90 s:\n${printed}`);
    }
    const ready = await fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    child,
    output: () => printed,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

export interface Answer {
  status: number;
  body: string;
  /** The cookies the answer set, as a Cookie header would send them back. */
  cookie: string;
}

/**
 * One request on a connection of its own (no keep-alive), so a refused request is told apart from
 * an accepted one: a refused one fails to connect, an accepted one must answer.
 */
export function requestOnce(
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      url,
      {
        method,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        timeout: 30_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            cookie: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; '),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Signs a demo member in on a server process and answers the session cookie. */
export async function signInOn(url: string, email: string, password = 'Kindling!2026') {
  const found = await requestOnce(`${url}/api/v1/tenant?domain=demo.localhost`);
  if (found.status !== 200) {
    throw new Error(`the tenant lookup on ${url} answered ${found.status}: ${found.body}`);
  }
  const tenant = JSON.parse(found.body);
  const res = await new Promise<{ status: number; cookie: string; body: string }>(
    (resolve, reject) => {
      const req = httpRequest(
        `${url}/api/v1/auth/sign-in`,
        { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } },
        (answer) => {
          let body = '';
          answer.setEncoding('utf8');
          answer.on('data', (chunk) => {
            body += chunk;
          });
          answer.on('end', () =>
            resolve({
              status: answer.statusCode ?? 0,
              cookie: (answer.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; '),
              body,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ email, password, tenant_id: tenant.id }));
    },
  );
  if (res.status !== 200) {
    throw new Error(`sign-in of ${email} answered ${res.status}: ${res.body}`);
  }
  return { cookie: res.cookie, tenantId: tenant.id as number };
}
