import type { Deps } from '../context.ts';
import { type TenantRow, tenantByDomain, tenantById } from '../db/system.ts';
import { notFound } from '../http/errors.ts';
import { TENANT_NOT_FOUND } from '../http/tenant-context.ts';

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
