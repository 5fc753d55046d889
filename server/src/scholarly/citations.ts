import type { Deps } from '../context.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { dailyPeriod } from '../scheduler/periods.ts';
import type { TenantJob } from '../scheduler/scheduler.ts';
import { lockHolders, staleDois, storeCounts, writePublications } from './citations-repository.ts';
import { citationCounts, DOIS_PER_CALL } from './sources/openalex.ts';

/** A count is asked again once it is a week old (CONTRACT §10: refreshed weekly). */
const REFRESH_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * At most 20 calls to OpenAlex per tenant and run (1,000 DOIs): a tenant with more DOIs is
 * refreshed over several days, stalest first, and a hundred tenants stay far inside OpenAlex's
 * daily allowance.
 */
export const CALLS_PER_RUN = 20;

/** The hour of the tenant's night the refresh runs at. */
const REFRESH_HOUR = 3;

type Entry = Record<string, unknown>;

/** The publications with OpenAlex's count in place of any typed one, for each DOI it counted. */
export function withCounts<T>(publications: T[], counts: Map<string, number>): T[] {
  return publications.map((publication) => {
    const entry = publication as Entry;
    const count = typeof entry?.doi === 'string' ? counts.get(entry.doi) : undefined;
    return count === undefined ? publication : ({ ...entry, citations: count } as T);
  });
}

/**
 * The weekly refresh of citation counts (CONTRACT §10), a tenant job of the scheduler
 * (docs/decisions/0034). It looks daily, so a new DOI is counted by the next night, and asks
 * OpenAlex for the DOIs whose count is a week old or was never asked, 50 a call. The DOIs are read
 * with the claim; OpenAlex is asked after the commit, so no transaction waits on it. A failing
 * OpenAlex leaves every count as it was and the next day's run asks again.
 */
export function citationRefreshJob(deps: Pick<Deps, 'config' | 'database'>): TenantJob {
  return {
    name: 'citation-refresh',
    period: (now, timeZone) => dailyPeriod(now, timeZone, REFRESH_HOUR),
    async run(tx, tenant, now) {
      const before = new Date(now.getTime() - REFRESH_AFTER_MS);
      const dois = await staleDois(tx, tenant.id, before, CALLS_PER_RUN * DOIS_PER_CALL);
      if (dois.length === 0) return undefined;
      return async () => {
        const counts = await citationCounts(deps.config, dois);
        await inTenant(deps.database.db, tenant.id, async (write) => {
          await storeCounts(write, tenant.id, dois, counts, now);
          if (counts.size === 0) return;
          for (const holder of await lockHolders(write, tenant.id, [...counts.keys()])) {
            const publications = Array.isArray(holder.publications) ? holder.publications : [];
            await writePublications(write, tenant.id, holder.id, withCounts(publications, counts));
          }
        });
      };
    },
  };
}
