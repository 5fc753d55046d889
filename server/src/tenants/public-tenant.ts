import type { Deps } from '../context.ts';
import { type TenantRow, tenantByDomain, tenantById } from '../db/system.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { notFound } from '../http/errors.ts';
import { TENANT_NOT_FOUND } from '../http/tenant-context.ts';
import { listRoles } from './repository.ts';

/** Public calls name their tenant by id or domain; an unknown one is 404 like any missing object. */
export async function loadPublicTenant(
  deps: Deps,
  query: { tenant_id?: number | undefined; domain?: string | undefined },
): Promise<TenantRow> {
  const tenant =
    query.tenant_id !== undefined
      ? await tenantById(deps.database.db, query.tenant_id)
      : await tenantByDomain(deps.database.db, query.domain ?? '');
  if (!tenant) throw notFound(TENANT_NOT_FOUND);
  return tenant;
}

/** The tenant's university roles, for the invitation form before anyone signs in. */
export function tenantRoles(deps: Deps, tenantId: number) {
  return inTenant(deps.database.db, tenantId, (tx) => listRoles(tx, tenantId));
}
