import type { Deps } from '../context.ts';
import { committedWrites } from '../db/client.ts';
import { KeptReads } from '../db/kept-reads.ts';
import { type TenantRow, tenantByDomain, tenantById } from '../db/system.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { notFound } from '../http/errors.ts';
import { TENANT_NOT_FOUND } from '../http/tenant-context.ts';
import { listRoles } from './repository.ts';

type TenantQuery = { tenant_id?: number | undefined; domain?: string | undefined };

/**
 * The public tenant reads of one server: every visitor's first call and the sign-in page ask for
 * their tenant's branding. On PostgreSQL a tenant found is kept for a second, as sessions are
 * (decision 0044): the round trip was two thirds of a `GET /tenant` (decision 0056). A change made
 * in this process (branding, terms, name) applies to the very next call, one made by another
 * process from at most a second after. The embedded database has no round trip to save.
 * Public calls name their tenant by id or domain; an unknown one is 404 like any missing object.
 */
export function publicTenants(deps: Deps): (query: TenantQuery) => Promise<TenantRow> {
  const kept =
    deps.database.kind === 'postgres'
      ? new KeptReads<TenantRow>(committedWrites, { keptMs: 1_000, mostKept: 10_000 })
      : null;
  return async (query) => {
    const key =
      query.tenant_id !== undefined
        ? `id ${query.tenant_id}`
        : `domain ${(query.domain ?? '').toLowerCase()}`;
    const now = deps.now();
    const found = kept?.get(key, now);
    if (found) return found;
    const writesBefore = kept?.before() ?? 0;
    const tenant =
      query.tenant_id !== undefined
        ? await tenantById(deps.database.db, query.tenant_id)
        : await tenantByDomain(deps.database.db, query.domain ?? '');
    if (!tenant) throw notFound(TENANT_NOT_FOUND);
    kept?.keep(key, tenant, writesBefore, now);
    return tenant;
  };
}

/** The tenant's university roles, for the invitation form before anyone signs in. */
export function tenantRoles(deps: Deps, tenantId: number) {
  return inTenant(deps.database.db, tenantId, (tx) => listRoles(tx, tenantId));
}
