import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeTenant } from '../../test/factories.ts';
import { recordAudit } from '../audit/record.ts';
import { auditLog } from '../db/schema-records.ts';
import { jobRuns, tenantJobRuns } from '../db/schema-scheduler.ts';
import { tenants } from '../db/schema-tenants.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { claimPruner } from './claim-pruner.ts';
import { dailyPeriod, hourlyPeriod } from './periods.ts';
import { type DeploymentJob, Scheduler, type TenantJob } from './scheduler.ts';

/**
 * The scheduler with jobs of the test's own and a clock it moves: each tenant's period runs once,
 * in the tenant's time zone, the latest missed one after downtime, and again after a failed run.
 */
describe('scheduler (CONTRACT §9, docs/decisions/0034)', () => {
  let t: TestApp;
  let clock = new Date('2026-11-27T07:00:00Z');
  beforeAll(async () => {
    t = await createTestApp();
    t.deps.now = () => clock;
  });
  afterAll(() => t.close());

  /** A daily job at 08:00 that notes its runs in the audit log, in its own transaction. */
  function dailyJob(name: string, options: { fail?: () => boolean; holdMs?: number } = {}) {
    const runs: { tenantId: number; period: string }[] = [];
    const job: TenantJob = {
      name,
      period: (now, timeZone) => dailyPeriod(now, timeZone, 8),
      async run(tx, tenant, now) {
        await recordAudit(tx, {
          tenantId: tenant.id,
          actorId: null,
          action: name,
          summary: dailyPeriod(now, tenant.timeZone, 8),
        });
        if (options.holdMs) await new Promise((resolve) => setTimeout(resolve, options.holdMs));
        if (options.fail?.()) throw new Error('the process died mid-run');
        runs.push({ tenantId: tenant.id, period: dailyPeriod(now, tenant.timeZone, 8) });
        return undefined;
      },
    };
    return { job, runs };
  }

  const schedulerOf = (jobs: { tenant?: TenantJob[]; deployment?: DeploymentJob[] }) =>
    new Scheduler(t.deps, { tenant: jobs.tenant ?? [], deployment: jobs.deployment ?? [] }, 60_000);

  const noted = async (tenantId: number, action: string) =>
    inTenant(t.db, tenantId, (tx) =>
      tx.select({ period: auditLog.summary }).from(auditLog).where(eq(auditLog.action, action)),
    );

  it('runs each period once, in the tenant’s time zone, and the latest one missed after downtime', async () => {
    const { tenantId } = await makeTenant(t.db);
    const { tenantId: auckland } = await makeTenant(t.db);
    await t.db
      .update(tenants)
      .set({ timeZone: 'Pacific/Auckland' })
      .where(eq(tenants.id, auckland));
    const { job, runs } = dailyJob('test.daily');
    const scheduler = schedulerOf({ tenant: [job] });
    const mine = () => runs.filter((r) => r.tenantId === tenantId).map((r) => r.period);

    clock = new Date('2026-11-27T07:59:00Z');
    await scheduler.tick();
    // Nothing had run: the period of the 26th, which began yesterday at 08:00, is caught up.
    expect(mine()).toEqual(['2026-11-26']);
    await scheduler.tick();
    expect(mine()).toEqual(['2026-11-26']);
    clock = new Date('2026-11-27T08:00:00Z');
    await scheduler.tick();
    expect(mine()).toEqual(['2026-11-26', '2026-11-27']);
    // Auckland (UTC+13) has run once: at each look it was already past 08:00 on the 27th there.
    expect(runs.filter((r) => r.tenantId === auckland).map((r) => r.period)).toEqual([
      '2026-11-27',
    ]);

    // Five days down: one run, of the latest period, not one per day missed.
    clock = new Date('2026-12-02T09:30:00Z');
    await scheduler.tick();
    expect(mine()).toEqual(['2026-11-26', '2026-11-27', '2026-12-02']);
    expect((await noted(tenantId, 'test.daily')).length).toBe(3);
    await scheduler.stop();
  });

  it('leaves a period unclaimed when its run fails, so the next look runs it', async () => {
    const { tenantId } = await makeTenant(t.db);
    clock = new Date('2026-11-27T09:00:00Z');
    let crash = true;
    const { job, runs } = dailyJob('test.crash', { fail: () => crash });
    const scheduler = schedulerOf({ tenant: [job] });
    await scheduler.tick();
    // The work and the claim went together: no trace of either.
    expect(await noted(tenantId, 'test.crash')).toEqual([]);
    const claims = await inTenant(t.db, tenantId, (tx) =>
      tx.select().from(tenantJobRuns).where(eq(tenantJobRuns.job, 'test.crash')),
    );
    expect(claims).toEqual([]);
    crash = false;
    await scheduler.tick();
    expect(runs.filter((r) => r.tenantId === tenantId)).toEqual([
      { tenantId, period: '2026-11-27' },
    ]);
    expect(await noted(tenantId, 'test.crash')).toEqual([{ period: '2026-11-27' }]);
  });

  it('runs a period once when two processes look at the same moment', async () => {
    const { tenantId } = await makeTenant(t.db);
    clock = new Date('2026-11-27T10:00:00Z');
    // The run holds its transaction a while, so the second process's claim meets it open.
    const { job, runs } = dailyJob('test.race', { holdMs: 300 });
    const [a, b] = [schedulerOf({ tenant: [job] }), schedulerOf({ tenant: [job] })];
    await Promise.all([a.tick(), b.tick()]);
    expect(runs.filter((r) => r.tenantId === tenantId)).toHaveLength(1);
    expect(await noted(tenantId, 'test.race')).toHaveLength(1);
  });

  it('runs a deployment-wide job once an hour, its last step after the commit', async () => {
    clock = new Date('2026-11-27T11:15:00Z');
    const steps: string[] = [];
    const job: DeploymentJob = {
      name: 'test.hourly',
      period: hourlyPeriod,
      async run(tx, now) {
        // The claim is in the transaction the job works in.
        const [claim] = await tx
          .select()
          .from(jobRuns)
          .where(and(eq(jobRuns.job, 'test.hourly'), eq(jobRuns.period, hourlyPeriod(now))));
        steps.push(`in ${claim?.period}`);
        return async () => {
          steps.push('after');
        };
      },
    };
    const [a, b] = [schedulerOf({ deployment: [job] }), schedulerOf({ deployment: [job] })];
    await Promise.all([a.tick(), b.tick()]);
    clock = new Date('2026-11-27T11:59:00Z');
    await a.tick();
    clock = new Date('2026-11-27T12:00:00Z');
    await b.tick();
    expect(steps).toEqual(['in 2026-11-27T11', 'after', 'in 2026-11-27T12', 'after']);
  });

  it('forgets claims older than five weeks once a day, and a pruned period is not run again', async () => {
    const { tenantId } = await makeTenant(t.db);
    clock = new Date('2026-09-01T09:00:00Z');
    const { job, runs } = dailyJob('test.pruned');
    const scheduler = schedulerOf({ tenant: [job], deployment: [claimPruner] });
    await scheduler.tick();
    clock = new Date('2026-11-27T09:00:00Z');
    await scheduler.tick();
    const claims = () =>
      inTenant(t.db, tenantId, (tx) =>
        tx
          .select({ period: tenantJobRuns.period })
          .from(tenantJobRuns)
          .where(eq(tenantJobRuns.job, 'test.pruned'))
          .orderBy(tenantJobRuns.period),
      );
    // The second look ran the day's digest and the pruner, which left the day's claim alone.
    expect(await claims()).toEqual([{ period: '2026-11-27' }]);
    expect(runs.filter((r) => r.tenantId === tenantId).map((r) => r.period)).toEqual([
      '2026-09-01',
      '2026-11-27',
    ]);
    const [old] = await t.db
      .select({ period: jobRuns.period })
      .from(jobRuns)
      .where(eq(jobRuns.job, 'scheduler-claim-prune'))
      .orderBy(jobRuns.period);
    expect(old?.period).toBe('2026-11-27');
    await scheduler.tick();
    expect(runs.filter((r) => r.tenantId === tenantId)).toHaveLength(2);
  });
});
