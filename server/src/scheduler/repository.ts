import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { jobRuns, tenantJobRuns } from '../db/schema-scheduler.ts';
import { tenants } from '../db/schema-tenants.ts';

export interface ScheduledTenant {
  id: number;
  domain: string;
  name: string;
  timeZone: string;
}

/**
 * Every tenant with its time zone. The scheduler serves every tenant by nature and keeps its
 * cross-tenant reads here (see db/system.ts), so that a look that finds nothing due opens no
 * transaction per tenant.
 */
export function scheduledTenants(db: Db): Promise<ScheduledTenant[]> {
  return db
    .select({
      id: tenants.id,
      domain: tenants.domain,
      name: tenants.name,
      timeZone: tenants.timeZone,
    })
    .from(tenants)
    .orderBy(tenants.id);
}

/** Which of these tenants' periods are claimed already, as claimKey()s. */
export async function claimedPeriods(db: Db, periods: string[]): Promise<Set<string>> {
  if (periods.length === 0) return new Set();
  const claims = await db
    .select({
      tenantId: tenantJobRuns.tenantId,
      job: tenantJobRuns.job,
      period: tenantJobRuns.period,
    })
    .from(tenantJobRuns)
    .where(inArray(tenantJobRuns.period, periods));
  return new Set(claims.map((c) => claimKey(c.job, c.period, c.tenantId)));
}

export const claimKey = (job: string, period: string, tenantId?: number) =>
  `${job}\u0000${period}\u0000${tenantId ?? ''}`;

/**
 * Claims a tenant's period in the transaction that does its work. A second process inserting the
 * same row waits on the primary key until this transaction ends: it finds the row if this one
 * commits, and takes the claim itself if this one rolls back (a crash, a failed run). Answers
 * whether this transaction holds the claim.
 */
export async function claimTenantPeriod(
  tx: Tx,
  tenantId: number,
  job: string,
  period: string,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(tenantJobRuns)
    .values({ tenantId, job, period, ranAt: at })
    .onConflictDoNothing()
    .returning({ job: tenantJobRuns.job });
  return rows.length > 0;
}

/** The same for a deployment-wide job's period. */
export async function claimPeriod(tx: Tx, job: string, period: string, at: Date) {
  const rows = await tx
    .insert(jobRuns)
    .values({ job, period, ranAt: at })
    .onConflictDoNothing()
    .returning({ job: jobRuns.job });
  return rows.length > 0;
}

/** Whether a deployment-wide job's period has run, read without a transaction. */
export async function periodClaimed(db: Db, job: string, period: string): Promise<boolean> {
  const rows = await db
    .select({ job: jobRuns.job })
    .from(jobRuns)
    .where(and(eq(jobRuns.job, job), eq(jobRuns.period, period)));
  return rows.length > 0;
}
