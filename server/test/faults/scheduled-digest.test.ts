import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dailyPeriod } from '../../src/scheduler/periods.ts';
import { adminUrl, testDatabaseKind } from '../databases.ts';
import { requestOnce, type ServerProcess, signInOn, startServerProcess } from '../processes.ts';
import { TestSmtpServer } from '../smtp.ts';

/**
 * A zone whose daily period differs from UTC's at this moment, not within two minutes of its
 * 08:00: choosing it makes a period due at once, as if 08:00 had just come there. Offsets run from
 * -12 to +14 hours, so local times span more than a day and one always crosses 08:00.
 */
function zoneWithAnotherPeriod(now: Date): string {
  const periods = (zone: string) =>
    [-120_000, 0, 120_000].map((ms) => dailyPeriod(new Date(now.getTime() + ms), zone, 8));
  const utc = dailyPeriod(now, 'UTC', 8);
  for (let hours = -12; hours <= 14; hours++) {
    const zone = `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
    const [before, at, after] = periods(zone);
    if (at !== utc && before === at && after === at) return zone;
  }
  throw new Error('no zone found');
}

/**
 * Two server processes on one PostgreSQL database, both looking for due work twice a second: when
 * the demo tenant's daily digest comes due, it is sent once, whichever process claims it.
 */
describe.runIf(testDatabaseKind === 'postgres')(
  'a scheduled digest with two processes',
  { timeout: 180_000 },
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

    it('sends the digest once when it comes due', async () => {
      const admin = new Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      await smtp.start();
      const env = {
        DATABASE_URL: adminUrl(url, name),
        SMTP_URL: smtp.url,
        SCHEDULER_TICK_MS: '500',
      };
      // One after the other: the first seeds the demo tenant into the empty database.
      servers.push(await startServerProcess(env));
      servers.push(await startServerProcess(env));
      const [a] = servers as [ServerProcess, ServerProcess];
      const db = new Client({ connectionString: adminUrl(url, name) });
      await db.connect();
      try {
        // Both processes have looked once at least: the periods due at start are claimed.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        const [faculty] = (
          await db.query<{ tenant_id: number; id: number }>(
            `select tenant_id, id from users where email = 'faculty@demo.localhost'`,
          )
        ).rows;
        if (!faculty) throw new Error('no demo faculty member');
        await db.query(
          `insert into notifications (tenant_id, recipient_id, kind, text, link)
           values ($1, $2, 'comment', 'Someone commented on your idea', '/ideas/1#comments')`,
          [faculty.tenant_id, faculty.id],
        );
        const { cookie } = await signInOn(a.url, 'admin@demo.localhost');
        const zone = zoneWithAnotherPeriod(new Date());
        const put = await requestOnce(`${a.url}/api/v1/admin/settings`, {
          method: 'PUT',
          headers: { cookie },
          body: { time_zone: zone },
        });
        expect(put.status, put.body).toBe(200);

        const digests = async () =>
          (
            await db.query<{ status: string }>(
              `select status from outbox where to_address = 'faculty@demo.localhost'
                 and subject like 'Your daily digest%'`,
            )
          ).rows;
        const deadline = Date.now() + 30_000;
        while (!(await digests()).some((row) => row.status === 'sent') && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        // A notification after the run waits for the next period: several more looks by each
        // process send neither it nor the first again.
        await db.query(
          `insert into notifications (tenant_id, recipient_id, kind, text, link)
           values ($1, $2, 'comment', 'A later comment', '/ideas/1#comments')`,
          [faculty.tenant_id, faculty.id],
        );
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        const waiting = await db.query(
          `select text from notifications
             where recipient_id = $1 and kind = 'comment' and mailed_at is null`,
          [faculty.id],
        );
        expect(waiting.rows).toEqual([{ text: 'A later comment' }]);
        // One digest: this one. The demo's own notifications, seeded in the past, mailed none.
        expect(await digests()).toEqual([{ status: 'sent' }]);
        const received = smtp.received.filter((mail) =>
          mail.subject?.startsWith('Your daily digest'),
        );
        expect(received.map((mail) => mail.text)).toEqual([
          expect.stringContaining('Someone commented on your idea'),
        ]);
        const claims = await db.query(
          `select period from tenant_job_runs where tenant_id = $1 and job = 'digest-daily'`,
          [faculty.tenant_id],
        );
        expect(claims.rows).toContainEqual({ period: dailyPeriod(new Date(), zone, 8) });
      } finally {
        await db.end();
      }
    });
  },
);
