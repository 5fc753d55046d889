import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { adminUrl, testDatabaseKind } from '../databases.ts';
import { requestOnce, type ServerProcess, signInOn, startServerProcess } from '../processes.ts';
import { TestSmtpServer } from '../smtp.ts';

/**
 * Two server processes on one PostgreSQL database with Redis, as a scaled-out deployment runs:
 * a session made on one works on the other, rate limits count across both, and the outbox, which
 * both workers drain, sends each mail once.
 */
describe.runIf(testDatabaseKind === 'postgres')(
  'two processes on one database with Redis',
  {
    timeout: 180_000,
  },
  () => {
    const url = process.env.TEST_DATABASE_URL ?? '';
    const name = `kindling_f_${randomBytes(6).toString('hex')}`;
    const smtp = new TestSmtpServer();
    const servers: ServerProcess[] = [];

    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop('SIGKILL')));
      await smtp.stop();
      const admin = new Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });

    it('shares sessions, rate limits and the outbox', async () => {
      const admin = new Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      await smtp.start();
      const env = {
        DATABASE_URL: adminUrl(url, name),
        REDIS_URL: 'redis://127.0.0.1:6379',
        REDIS_PREFIX: `kindling-test-${randomBytes(4).toString('hex')}:`,
        SMTP_URL: smtp.url,
      };
      // One after the other: the first seeds the demo tenant into the empty database.
      servers.push(await startServerProcess(env));
      servers.push(await startServerProcess(env));
      const [a, b] = servers as [ServerProcess, ServerProcess];

      // A session made on one process works on the other, and signing out on either ends it.
      const member = await signInOn(a.url, 'faculty@demo.localhost');
      const onB = await requestOnce(`${b.url}/api/v1/auth/session`, {
        headers: { cookie: member.cookie },
      });
      expect(onB.status).toBe(200);
      const out = await requestOnce(`${b.url}/api/v1/auth/sign-out`, {
        method: 'POST',
        headers: { cookie: member.cookie },
      });
      expect(out.status).toBeLessThan(300);
      const afterOut = await requestOnce(`${a.url}/api/v1/auth/session`, {
        headers: { cookie: member.cookie },
      });
      expect(afterOut.status).toBe(401);

      // Invitations made on both: every claim mail is sent once, whichever worker takes it.
      const { cookie } = await signInOn(b.url, 'admin@demo.localhost');
      const INVITES = 20;
      for (let n = 0; n < INVITES; n++) {
        const res = await requestOnce(`${(n % 2 ? a : b).url}/api/v1/admin/users`, {
          method: 'POST',
          headers: { cookie },
          body: { first_name: 'Lise', last_name: 'Meitner', email: `lise${n}@two.edu`, role_id: 2 },
        });
        expect(res.status, res.body).toBe(201);
      }
      const check = new Client({ connectionString: adminUrl(url, name) });
      await check.connect();
      const queued = async () =>
        (
          await check.query<{ message_id: string; status: string }>(
            'select message_id, status from outbox',
          )
        ).rows;
      const deadline = Date.now() + 60_000;
      while ((await queued()).some((row) => row.status !== 'sent') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const rows = await queued();
      await check.end();
      expect(rows.filter((row) => row.status !== 'sent')).toEqual([]);
      expect(rows.length).toBeGreaterThanOrEqual(INVITES);
      // Give a second sender the time it would need to send a row again.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const received = smtp.received.map((mail) => mail.messageId).sort();
      expect(received).toEqual(rows.map((row) => row.message_id).sort());

      // Failed sign-ins from one address count across both: after 10, both answer 429.
      const tenant = JSON.parse(
        (await requestOnce(`${a.url}/api/v1/tenant?domain=demo.localhost`)).body,
      );
      const wrong = (server: ServerProcess) =>
        requestOnce(`${server.url}/api/v1/auth/sign-in`, {
          method: 'POST',
          body: { email: 'student@demo.localhost', password: 'Wrong!pass1', tenant_id: tenant.id },
        });
      for (let n = 0; n < 10; n++) {
        expect((await wrong(n % 2 ? a : b)).status).toBe(401);
      }
      expect((await wrong(a)).status).toBe(429);
      expect((await wrong(b)).status).toBe(429);
    });
  },
);
