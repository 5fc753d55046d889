import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, queryRows } from '../db/client.ts';
import { users } from '../db/schema-people.ts';
import { doiWorks } from '../db/schema-scholarly.ts';

/**
 * The tenant's publication DOIs whose count is older than `before` or was never asked, the
 * never-asked first, then the stalest: what one run of the refresh asks OpenAlex, at most `limit`.
 */
export async function staleDois(
  db: Executor,
  tenantId: number,
  before: Date,
  limit: number,
): Promise<string[]> {
  const rows = await queryRows(
    db,
    sql`
    select found.doi
    from (
      select distinct p ->> 'doi' as doi
      from ${users} u
      cross join lateral jsonb_array_elements(
        case when jsonb_typeof(u.publications) = 'array' then u.publications else '[]'::jsonb end
      ) p
      where u.tenant_id = ${tenantId} and jsonb_typeof(p -> 'doi') = 'string'
    ) found
    left join ${doiWorks} w on w.tenant_id = ${tenantId} and w.doi = found.doi
    where w.counted_at is null or w.counted_at < ${before.toISOString()}
    order by w.counted_at asc nulls first, found.doi
    limit ${limit}`,
    z.strictObject({ doi: z.string() }),
  );
  return rows.map((row) => row.doi);
}

/**
 * Records a refresh: each DOI asked is marked counted now, with OpenAlex's count where it gave one
 * (a DOI it does not know keeps the count it had, and is asked again a week later).
 */
export async function storeCounts(
  db: Executor,
  tenantId: number,
  asked: string[],
  counts: Map<string, number>,
  now: Date,
) {
  if (asked.length === 0) return;
  await db
    .insert(doiWorks)
    .values(
      asked.map((doi) => ({
        tenantId,
        doi,
        citedByCount: counts.get(doi) ?? null,
        countedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [doiWorks.tenantId, doiWorks.doi],
      set: {
        citedByCount: sql`coalesce(excluded.cited_by_count, ${doiWorks.citedByCount})`,
        countedAt: sql`excluded.counted_at`,
      },
    });
}

/** The counts already known for these DOIs. */
export async function knownCounts(
  db: Executor,
  tenantId: number,
  dois: string[],
): Promise<Map<string, number>> {
  if (dois.length === 0) return new Map();
  const rows = await db
    .select({ doi: doiWorks.doi, count: doiWorks.citedByCount })
    .from(doiWorks)
    .where(
      and(
        eq(doiWorks.tenantId, tenantId),
        inArray(doiWorks.doi, dois),
        isNotNull(doiWorks.citedByCount),
      ),
    );
  return new Map(rows.map((row) => [row.doi, row.count as number]));
}

/**
 * The members holding a publication with one of these DOIs, locked so that a member's save and
 * the refresh do not write the same row over each other.
 */
export function lockHolders(db: Executor, tenantId: number, dois: string[]) {
  return db
    .select({ id: users.id, publications: users.publications })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        sql`exists (
          select 1 from jsonb_array_elements(
            case when jsonb_typeof(${users.publications}) = 'array' then ${users.publications} else '[]'::jsonb end
          ) p
          where p ->> 'doi' in (${sql.join(
            dois.map((doi) => sql`${doi}`),
            sql`, `,
          )}))`,
      ),
    )
    .for('update');
}

export async function writePublications(
  db: Executor,
  tenantId: number,
  userId: number,
  publications: unknown[],
) {
  await db
    .update(users)
    .set({ publications })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}
