import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client.ts';
import { keyRow } from '../db/rows.ts';

/**
 * Forgets, across every tenant, uploads older than `before` that no profile shows as its photo and
 * no portal as its logo: files chosen and never saved (a closed tab, a failed save) whose owner
 * never saved again, which the save-time clean-up (storage/uploads.ts) would never reach. SKIP
 * LOCKED leaves alone an upload a save is naming right now (uploadIssued locks it), and keeps two
 * processes' sweeps apart. Answers the storage keys, for removal once this has committed.
 */
export async function takeAbandonedUploads(
  db: Executor,
  before: Date,
  limit: number,
): Promise<string[]> {
  const rows = await queryRows(
    db,
    sql`delete from uploads u
        where (u.tenant_id, u.id) in (
          select a.tenant_id, a.id from uploads a
          where a.created_at < ${before.toISOString()}::timestamptz
            and not exists (select 1 from users p
              where p.tenant_id = a.tenant_id and p.profile_image_url = a.url)
            and not exists (select 1 from tenants t
              where t.id = a.tenant_id and t.branding ->> 'logo' = a.url)
          order by a.created_at limit ${limit}
          for update of a skip locked)
        returning u.key`,
    keyRow,
  );
  return rows.map((row) => row.key);
}
