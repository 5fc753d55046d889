import type { Deps } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { inTenant } from '../db/tenant-scope.ts';
import {
  claimedPeriods,
  claimKey,
  claimPeriod,
  claimTenantPeriod,
  periodClaimed,
  type ScheduledTenant,
  scheduledTenants,
} from './repository.ts';

/** A job run once per period for each tenant, in the tenant's time zone (the digests). */
export interface TenantJob {
  name: string;
  /** The latest period whose start is at or before `now` in `timeZone`, as a claim key. */
  period(now: Date, timeZone: string): string;
  /**
   * The period's work, in the transaction bound to the tenant that holds its claim; it may answer
   * a step for after the commit, as a deployment-wide job does.
   */
  run(tx: Tx, tenant: ScheduledTenant, now: Date): Promise<AfterCommit | undefined>;
}

/** A job run once per period for the whole deployment (the upload sweep, the metadata refresh). */
export interface DeploymentJob {
  name: string;
  period(now: Date): string;
  /**
   * The period's work, in the transaction that holds its claim. What cannot be rolled back (files
   * deleted, addresses fetched) it answers as a step that runs once the claim has committed.
   */
  run(tx: Tx, now: Date): Promise<AfterCommit | undefined>;
}

type AfterCommit = () => Promise<unknown>;
const done: AfterCommit = async () => undefined;

export interface Run {
  job: string;
  period: string;
  /** Absent for a deployment-wide job. */
  tenantId?: number;
}

/**
 * The server's one timer for periodic work (docs/decisions/0034). Each look finds, for every job,
 * the latest period due and runs it unless it is claimed already. The claim is a row inserted in
 * the transaction that does the period's work, so across processes a period runs once; a crash or
 * a failure rolls the claim back with the work, and the next look runs it. A process that was down
 * runs, at its first look, the latest period it missed (a missed digest is sent late, once).
 */
export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<Run[]> | null = null;
  private stopped = false;

  constructor(
    private readonly deps: Pick<Deps, 'database' | 'logger' | 'now'>,
    private readonly jobs: { tenant: TenantJob[]; deployment: DeploymentJob[] },
    private readonly everyMs: number,
  ) {}

  /** Looks every `everyMs`, the first time one interval after start-up, never keeping Node up. */
  start(): void {
    const schedule = () => {
      this.timer = setTimeout(() => {
        void this.tick().finally(() => {
          if (!this.stopped) schedule();
        });
      }, this.everyMs);
      this.timer.unref();
    };
    schedule();
  }

  /** One look to the end; answers the periods this process ran. */
  tick(): Promise<Run[]> {
    this.running ??= this.runDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** No further look; waits for the one under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private async runDue(): Promise<Run[]> {
    const now = this.deps.now();
    const runs: Run[] = [];
    for (const job of this.jobs.deployment) {
      if (this.stopped) return runs;
      const period = job.period(now);
      if (await this.attempt({ job: job.name, period }, () => this.runDeployment(job, period, now)))
        runs.push({ job: job.name, period });
    }
    if (this.jobs.tenant.length === 0) return runs;
    let tenants: ScheduledTenant[];
    let claimed: Set<string>;
    try {
      tenants = await scheduledTenants(this.deps.database.db);
      // The periods of every time zone in use, so that one read finds which are claimed already.
      const periods = new Set(
        tenants.flatMap((t) => this.jobs.tenant.map((job) => job.period(now, t.timeZone))),
      );
      claimed = await claimedPeriods(this.deps.database.db, [...periods]);
    } catch (error) {
      // The database away is the next look's problem; nothing was claimed.
      this.deps.logger.warn({ err: error }, 'scheduler: could not read the tenants');
      return runs;
    }
    for (const tenant of tenants) {
      for (const job of this.jobs.tenant) {
        if (this.stopped) return runs;
        const run = {
          job: job.name,
          period: job.period(now, tenant.timeZone),
          tenantId: tenant.id,
        };
        if (claimed.has(claimKey(run.job, run.period, tenant.id))) continue;
        const ran = await this.attempt(run, async () => {
          const after = await inTenant(this.deps.database.db, tenant.id, async (tx) => {
            if (!(await claimTenantPeriod(tx, tenant.id, job.name, run.period, now))) return null;
            return (await job.run(tx, tenant, now)) ?? done;
          });
          if (!after) return false;
          await after();
          return true;
        });
        if (ran) runs.push(run);
      }
    }
    return runs;
  }

  private async runDeployment(job: DeploymentJob, period: string, now: Date): Promise<boolean> {
    const { db } = this.deps.database;
    if (await periodClaimed(db, job.name, period)) return false;
    const after = await db.transaction(async (tx) => {
      if (!(await claimPeriod(tx, job.name, period, now))) return null;
      return (await job.run(tx, now)) ?? done;
    });
    if (!after) return false;
    await after();
    return true;
  }

  /** A failed run is logged; its claim went with its transaction, so the next look tries again. */
  private async attempt(run: Run, work: () => Promise<boolean>): Promise<boolean> {
    try {
      return await work();
    } catch (error) {
      this.deps.logger.warn({ err: error, ...run }, 'scheduled job failed; tried again next time');
      return false;
    }
  }
}
