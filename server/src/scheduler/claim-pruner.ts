import { lt } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { jobRuns, tenantJobRuns } from '../db/schema-scheduler.ts';
import { dailyPeriod } from './periods.ts';
import type { DeploymentJob } from './scheduler.ts';

/**
 * How long a claim is kept. The scheduler only ever asks whether a job's latest period is claimed,
 * and the longest period is a week, so a claim older than that decides nothing; a few weeks more
 * leave an operator the recent history to read.
 */
const CLAIM_KEEP_DAYS = 35;

/**
 * Forgets old claims once a day, so the tables the scheduler reads each minute hold a few weeks
 * of periods and not every period since the deployment began (1,000 tenants' daily digests alone
 * would add 365,000 rows a year).
 */
export const claimPruner: DeploymentJob = {
  name: 'scheduler-claim-prune',
  period: (now) => dailyPeriod(now, 'UTC', 3),
  async run(tx: Tx, now: Date) {
    const before = new Date(now.getTime() - CLAIM_KEEP_DAYS * 86_400_000);
    await tx.delete(tenantJobRuns).where(lt(tenantJobRuns.ranAt, before));
    await tx.delete(jobRuns).where(lt(jobRuns.ranAt, before));
    return undefined;
  },
};
