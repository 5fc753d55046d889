import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { APP_ROLE } from './security.ts';

/**
 * Runs `work` in a transaction bound to one tenant: the role is switched to the non-owner
 * application role and `app.tenant_id` is set, so row-level security hides every other tenant's
 * rows even from a query that forgets its tenant filter. This is the only handle request code gets.
 */
export function inTenant<T>(db: Db, tenantId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await bindTenant(tx, tenantId);
    return work(tx);
  });
}

/**
 * Binds an open transaction to one tenant for the rest of it. Its statements reuse their generic
 * plans (db/client.ts prepares them): they are built around indexes led by tenant_id, and left to
 * itself PostgreSQL re-plans the feed's page on every call, at six times the cost of running it.
 */
export async function bindTenant(tx: Tx, tenantId: number): Promise<void> {
  await tx.execute(
    sql`select set_config('app.tenant_id', ${String(tenantId)}, true), set_config('role', ${APP_ROLE}, true),
      set_config('plan_cache_mode', 'force_generic_plan', true)`,
  );
}
