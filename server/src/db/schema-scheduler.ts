/**
 * The scheduler's claims (server/src/scheduler, docs/decisions/0034): one row per job and period
 * that has run, inserted in the transaction that does the work, so a period commits once with its
 * work or not at all.
 */
import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, tenantId } from './schema-tenants.ts';

const ranAt = () => at('ran_at').notNull();

/** A tenant's job (a digest): under row-level security like every table with `tenant_id`. */
export const tenantJobRuns = pgTable(
  'tenant_job_runs',
  {
    tenantId: tenantId(),
    job: text('job').notNull(),
    period: text('period').notNull(),
    ranAt: ranAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.job, t.period] })],
);

/**
 * A deployment-wide job (the upload sweep, the SAML metadata refresh): no tenant, so no
 * `tenant_id` column and no row-level security; only the system handle writes it.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    period: text('period').notNull(),
    ranAt: ranAt(),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);
