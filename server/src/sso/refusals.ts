import { recordAudit } from '../audit/record.ts';
import { take } from '../auth/rate-limits.ts';
import type { Deps } from '../context.ts';
import type { IdentityProviderRow } from '../db/schema-sso.ts';
import type { TenantRow } from '../db/system.ts';
import { inTenant } from '../db/tenant-scope.ts';
import type { SsoRefusal } from './admission.ts';

/**
 * A refused single sign-on, in the tenant's audit log with its code and reason (CONTRACT §8). At
 * most `ssoRefusalEntries` of them per provider in its window: the last one says that more are
 * not written one by one, and those are only logged, so a flood of forged answers posted to the
 * assertion consumer service costs the audit log one entry per window.
 */
export async function recordRefusal(
  deps: Deps,
  tenant: TenantRow,
  provider: IdentityProviderRow,
  refusal: SsoRefusal,
) {
  const limit = deps.rateLimits.ssoRefusalEntries;
  const taken = await take(limit, `${tenant.id}:${provider.id}`);
  if (!taken.allowed) {
    deps.logger.warn(
      { tenantId: tenant.id, providerId: provider.id, code: refusal.code },
      'single sign-on refused (audit entries paused for this provider)',
    );
    return;
  }
  const paused = taken.last
    ? ` ${limit.points} refusals within ${Math.round(limit.duration / 60)} minutes: further ones are not recorded until the window passes.`
    : '';
  await inTenant(deps.database.db, tenant.id, (tx) =>
    recordAudit(tx, {
      tenantId: tenant.id,
      actorId: null,
      action: 'sso.refused',
      targetType: 'identity_provider',
      targetId: provider.id,
      summary: `A sign-in through '${provider.name}' was refused: ${refusal.code}.${paused}`,
      detail: { code: refusal.code, reason: refusal.message.slice(0, 500), paused: taken.last },
    }),
  );
}
