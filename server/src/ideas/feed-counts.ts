import type { IdeaFilters } from '@kindling/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, queryRows } from '../db/client.ts';
import { countMatching, matching } from './feed.ts';
import { VersionedCache } from './versioned-cache.ts';

/**
 * The filtered feed's counts this process has made, by tenant and filters, each kept with the
 * tenant's `idea_tallies.version` it was counted at (decision 0046). Triggers move the version in
 * the transaction of any write that can change a count, whichever process makes it, so a count is
 * answered only while nothing it counts has changed: exact, never stale. Keys hold up to 300 ids;
 * the bound keeps the worst case to a few tens of megabytes.
 */
export class FeedCounts extends VersionedCache<number> {
  constructor(maxEntries = 5_000) {
    super(Number.POSITIVE_INFINITY, maxEntries);
  }
}

const noFilter = (filters: IdeaFilters) =>
  !filters.support_id && !filters.school_id && !filters.department_id;

const idsKey = (ids: number[] | undefined) => (ids ? [...ids].sort((a, b) => a - b).join(',') : '');

const filtersKey = (tenantId: number, filters: IdeaFilters) => {
  const { support_id, school_id, department_id } = filters;
  return `${tenantId}|${[support_id, school_id, department_id].map(idsKey).join('|')}`;
};

/**
 * The number of ideas matching the feed's filters (not `q`). One row of `idea_tallies` answers
 * the unfiltered count and the version every other count is kept under; only a count this process
 * has not made at that version reads the ideas. Counts of some members' ideas or of the viewer's
 * follows are never kept: they read only those members' ideas (ideas_pi_idx) or those follows, a
 * member's profile would otherwise push a wide count out of the cache, and the version does not
 * cover follows.
 */
export async function countIdeas(
  db: Executor,
  counts: FeedCounts,
  tenantId: number,
  viewerId: number,
  filters: IdeaFilters,
): Promise<number> {
  if (filters.following || filters.idea_owner_id) {
    return countMatching(db, tenantId, viewerId, filters);
  }
  const [tally] = await queryRows(
    db,
    sql`select ideas, version::text as version from idea_tallies where tenant_id = ${tenantId}`,
    z.strictObject({ ideas: z.number(), version: z.string() }),
  );
  // The tally is written with a tenant's first idea (migration 0004): without it there are none.
  if (!tally) return 0;
  if (noFilter(filters)) return tally.ideas;
  const key = filtersKey(tenantId, filters);
  const kept = counts.get(key, tally.version);
  if (kept !== undefined) return kept;
  const counted = await countMatching(db, tenantId, viewerId, filters);
  counts.set(key, counted, tally.version);
  return counted;
}

/**
 * How many ideas a member leads, and whether the member exists in this tenant: one statement, so
 * the member's list sends no more than the feed's (statements per request, issue 15).
 */
export async function countOwnedIdeas(
  db: Executor,
  tenantId: number,
  viewerId: number,
  filters: IdeaFilters & { idea_owner_id: number[] },
): Promise<{ ideas: number; found: boolean }> {
  const [memberId] = filters.idea_owner_id;
  const [row] = await queryRows(
    db,
    sql`select (select count(*)::int from ideas i where ${matching(tenantId, viewerId, filters)}) as ideas,
          exists (select 1 from users u where u.tenant_id = ${tenantId} and u.id = ${memberId}) as found`,
    z.strictObject({ ideas: z.number(), found: z.boolean() }),
  );
  return row ?? { ideas: 0, found: false };
}
