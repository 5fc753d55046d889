import { recordAudit } from '../audit/record.ts';
import type { Deps } from '../context.ts';
import type { IdentityProviderRow } from '../db/schema-sso.ts';
import type { TenantRow } from '../db/system.ts';
import { inTenant } from '../db/tenant-scope.ts';
import type { SsoRefusal } from './admission.ts';

/** A refused single sign-on, in the tenant's audit log with its code and reason (CONTRACT §8). */
export async function recordRefusal(
  deps: Deps,
  tenant: TenantRow,
  provider: IdentityProviderRow,
  refusal: SsoRefusal,
) {
  await inTenant(deps.database.db, tenant.id, (tx) =>
    recordAudit(tx, {
      tenantId: tenant.id,
      actorId: null,
      action: 'sso.refused',
      targetType: 'identity_provider',
      targetId: provider.id,
      summary: `A sign-in through '${provider.name}' was refused: ${refusal.code}.`,
      detail: { code: refusal.code, reason: refusal.message.slice(0, 500) },
    }),
  );
}
