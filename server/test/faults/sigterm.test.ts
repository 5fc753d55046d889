import { Agent, get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  requestOnce,
  type ServerProcess,
  signInOn,
  startServerProcess,
} from '../processes.ts';

const until = async (condition: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/**
 * SIGTERM under steady load: requests the server had accepted all finish, new ones are refused with
 * a 503 or, once the listener is closed, at connect; never cut half-way. The process exits 0.
 */
describe('SIGTERM during steady load', { timeout: 150_000 }, () => {
  let server: ServerProcess;
  beforeAll(async () => {
    // One proxy hop trusted, so each worker's sign-ins come from an address of their own.
    server = await startServerProcess({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  it('keeps an idle connection open longer than a proxy would, so reusing it is never reset', async () => {
    // Node states the server's idle time in each answer; its default of 5 s raced clients that
    // reused a connection idle about that long (server.ts, KEEP_ALIVE_MS).
    const agent = new Agent({ keepAlive: true });
    try {
      const keepAlive = await new Promise<string | string[] | undefined>((resolve, reject) => {
        get(`${server.url}/healthz`, { agent }, (res) => {
          res.resume();
          resolve(res.headers['keep-alive']);
        }).on('error', reject);
      });
      expect(keepAlive).toBe('timeout=65');
    } finally {
      agent.destroy();
    }
  });

  it('finishes what it accepted, refuses the rest cleanly and exits 0', async () => {
    const { url } = server;
    const { cookie, tenantId } = await signInOn(url, 'faculty@demo.localhost');
    // Reads and sign-ins: a sign-in hashes for tens of milliseconds, so some are in flight when
    // the signal lands.
    // A sign-in is the slowest call, so the workers gather on it: twelve at once would pass the
    // ten sign-ins an e-mail may have in flight from one address (CONTRACT §5), and answer 429.
    const calls = [
      () => requestOnce(`${url}/api/v1/ideas?page=1`, { headers: { cookie } }),
      () => requestOnce(`${url}/api/v1/users?page=1`, { headers: { cookie } }),
      (worker: number) =>
        requestOnce(`${url}/api/v1/auth/sign-in`, {
          method: 'POST',
          headers: { 'x-forwarded-for': `192.0.2.${worker + 1}` },
          body: { email: 'student@demo.localhost', password: 'Kindling!2026', tenant_id: tenantId },
        }),
    ];
    const answers: Answer[] = [];
    const failures: string[] = [];
    let signalled = false;
    let inFlightAtSignalAnswered = 0;
    const loop = async (worker: number) => {
      for (let i = worker; ; i++) {
        const call = calls[i % calls.length] as (worker: number) => Promise<Answer>;
        const sentBeforeSignal = !signalled;
        try {
          const answer = await call(worker);
          answers.push(answer);
          if (signalled && sentBeforeSignal && answer.status === 200) inFlightAtSignalAnswered++;
          // A client told the server is going away goes elsewhere, as a load balancer would.
          if (answer.status === 503) return;
        } catch (error) {
          failures.push((error as NodeJS.ErrnoException).code ?? (error as Error).message);
          return;
        }
      }
    };
    const loops = Array.from({ length: 12 }, (_, worker) => loop(worker));
    await until(() => answers.length >= 30, 60_000);
    expect(answers.length).toBeGreaterThanOrEqual(30);
    signalled = true;
    server.child.kill('SIGTERM');
    const code = await server.exited;
    await Promise.all(loops);

    expect(code, server.output()).toBe(0);
    expect(inFlightAtSignalAnswered).toBeGreaterThan(0);
    const refused = answers.filter((a) => a.status === 503);
    for (const answer of refused) {
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
    }
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    expect(failures.filter((code) => code !== 'ECONNREFUSED')).toEqual([]);
    expect(refused.length + failures.length).toBe(12);
  });
});
