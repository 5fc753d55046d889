import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { recordAudit } from '../audit/record.ts';
import type { Deps } from '../context.ts';
import { inTenant } from '../db/tenant-scope.ts';

/**
 * Notes in the audit log that sign-ins for an e-mail (from one address, or from all together) hit
 * CONTRACT §5's failure limit. The caller calls this for the failure that used up the limit only,
 * so a burst is one entry however long it goes on; later attempts are refused before counting.
 */
export async function recordBurst(
  deps: Deps,
  tenantId: number,
  burst: { email: string; clientAddress?: string; limit: RateLimiterAbstract },
): Promise<void> {
  const minutes = Math.round(burst.limit.duration / 60);
  const from = burst.clientAddress ? ` from ${burst.clientAddress}` : ' from all addresses';
  await inTenant(deps.database.db, tenantId, (tx) =>
    recordAudit(tx, {
      tenantId,
      actorId: null,
      action: 'signin.burst',
      summary: `${burst.limit.points} failed sign-ins for ${burst.email}${from} within ${minutes} minutes; further attempts are refused until the window passes`,
      detail: {
        email: burst.email,
        client_address: burst.clientAddress ?? null,
        failures: burst.limit.points,
        window_minutes: minutes,
      },
    }),
  );
}
