import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { adminUrl, testDatabaseKind } from '../databases.ts';
import {
  type Answer,
  requestOnce,
  type ServerProcess,
  signInOn,
  startServerProcess,
} from '../processes.ts';
import { TcpProxy } from '../tcp-proxy.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * PostgreSQL cut off under load, through a proxy the test controls: while it is cut, requests
 * fail with a clean 503; once it is back the same process serves again; and no write is left
 * half-done (a school and its audit entry exist together or not at all).
 */
describe.runIf(testDatabaseKind === 'postgres')(
  'PostgreSQL cut off under load',
  {
    timeout: 150_000,
  },
  () => {
    const url = process.env.TEST_DATABASE_URL ?? '';
    const name = `kindling_f_${randomBytes(6).toString('hex')}`;
    const target = new URL(url);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    let server: ServerProcess | undefined;

    afterAll(async () => {
      await server?.stop('SIGKILL');
      await proxy.stop();
      const admin = new Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });

    it('answers 503 while cut, recovers without a restart, and leaves no partial write', async () => {
      const admin = new Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      await proxy.start();
      const viaProxy = new URL(adminUrl(url, name));
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      server = await startServerProcess({ DATABASE_URL: viaProxy.toString() });
      const base = server.url;
      const { cookie } = await signInOn(base, 'admin@demo.localhost');

      type Phase = 'before' | 'cut' | 'after';
      let phase: Phase = 'before';
      let running = true;
      let next = 0;
      // A request is of a phase when it was both sent and answered in it; one that spans the cut
      // or the restore counts with the cut.
      const seen: { phase: Phase; answer: Answer; school?: string }[] = [];
      const loop = async () => {
        while (running) {
          const at = phase;
          const n = next++;
          if (n % 2 === 0) {
            const school = `Fault School ${n}`;
            const answer = await requestOnce(`${base}/api/v1/admin/schools`, {
              method: 'POST',
              headers: { cookie },
              body: { name: school },
            });
            seen.push({ phase: at === phase ? at : 'cut', answer, school });
          } else {
            const answer = await requestOnce(`${base}/api/v1/ideas?page=1`, {
              headers: { cookie },
            });
            seen.push({ phase: at === phase ? at : 'cut', answer });
          }
        }
      };
      const loops = Array.from({ length: 6 }, () =>
        loop().catch((error: Error) => {
          throw new Error(`${error.message}; the server said:\n${server?.output()}`);
        }),
      );
      await sleep(2_000);
      phase = 'cut';
      proxy.cut();
      await sleep(4_000);
      // Answers to requests sent during the cut, from its second half: the pool knows by then.
      const cutAnswers = seen.filter((s) => s.phase === 'cut').slice(-10);
      proxy.restore();
      phase = 'after';
      await sleep(5_000);
      running = false;
      await Promise.all(loops);

      const statuses = (p: Phase) => seen.filter((s) => s.phase === p).map((s) => s.answer.status);
      expect(statuses('before').length).toBeGreaterThan(5);
      expect(statuses('before').every((s) => s === 200 || s === 201)).toBe(true);
      expect(cutAnswers.length).toBeGreaterThan(0);
      for (const { answer } of cutAnswers) {
        expect(answer.status, server.output()).toBe(503);
        expect(JSON.parse(answer.body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      }
      expect(
        statuses('cut').filter((s) => s !== 503 && s !== 200 && s !== 201),
        server.output(),
      ).toEqual([]);
      // Recovered: the last answers, well after the restore, all succeed.
      expect(
        statuses('after')
          .slice(-10)
          .every((s) => s === 200 || s === 201),
      ).toBe(true);
      expect(server.child.exitCode).toBeNull();

      const check = new Client({ connectionString: adminUrl(url, name) });
      await check.connect();
      const { rows } = await check.query<{ name: string; schools: number; audits: number }>(
        `select s.name, count(distinct s.id)::int as schools, count(distinct a.id)::int as audits
         from schools s full join audit_log a
           on a.action = 'school.create' and a.target_id = s.id and a.tenant_id = s.tenant_id
        where s.name like 'Fault School %' or a.summary like '%Fault School %'
        group by s.name`,
      );
      await check.end();
      for (const row of rows) expect(row).toMatchObject({ schools: 1, audits: 1 });
      const created = new Set(rows.map((row) => row.name));
      expect(created.size).toBeGreaterThan(0);
      for (const s of seen.filter((entry) => entry.answer.status === 201)) {
        expect(created.has(s.school ?? '')).toBe(true);
      }
    });
  },
);
