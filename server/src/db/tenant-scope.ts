import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { APP_ROLE } from './security.ts';

/**
 * How PostgreSQL plans a transaction's statements (each prepared once per connection, db/client.ts).
 * `custom` plans each execution for its parameters, as an unprepared statement would be: right
 * wherever parameters change the best plan (filters, searches, the recommended feed's ranking).
 * `generic` reuses one plan and skips planning, which costs the feed's page six times its run: for
 * the hot unfiltered reads whose plan is the same whatever the parameters, all walks of indexes led
 * by tenant_id. Measured in docs/decisions/0018: a generic plan of the school-filtered feed took
 * 45 ms against 10, of the ranking 2.2 s against 30 ms.
 */
export type Plans = 'custom' | 'generic';

/**
 * Runs `work` in a transaction bound to one tenant: the role is switched to the non-owner
 * application role and `app.tenant_id` is set, so row-level security hides every other tenant's
 * rows even from a query that forgets its tenant filter. This is the only handle request code gets.
 */
export function inTenant<T>(
  db: Db,
  tenantId: number,
  work: (tx: Tx) => Promise<T>,
  plans: Plans = 'custom',
): Promise<T> {
  return db.transaction(async (tx) => {
    await bindTenant(tx, tenantId, plans);
    return work(tx);
  });
}

/**
 * Binds an open transaction to one tenant for the rest of it. Its text is what BIND_TENANT
 * (db/client.ts) recognises to send it with the transaction's `begin`.
 */
export async function bindTenant(tx: Tx, tenantId: number, plans: Plans = 'custom'): Promise<void> {
  const mode = plans === 'generic' ? 'force_generic_plan' : 'force_custom_plan';
  await tx.execute(
    sql`select set_config('app.tenant_id', ${String(tenantId)}, true), set_config('role', ${APP_ROLE}, true), set_config('plan_cache_mode', ${mode}, true)`,
  );
}

const GENERIC_PLANS = sql.raw("select set_config('plan_cache_mode', 'force_generic_plan', true)");

/**
 * Runs `read` under generic plans, and the rest of the transaction with it: a transaction bound
 * with custom plans switches once the statements that need them have run. The switch has no
 * parameter, so it goes as text, in one write with `read`'s first statement (db/client.ts).
 */
export async function underGenericPlans<T>(tx: Tx, read: () => Promise<T>): Promise<T> {
  // drizzle sends a statement when it is awaited: `then` sends the switch before `read` starts.
  const switched = tx.execute(GENERIC_PLANS).then(() => undefined);
  const [, result] = await Promise.all([switched, read()]);
  return result;
}
