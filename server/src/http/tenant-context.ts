import { tenantIdParam } from '@kindling/contract';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { type TenantRow, tenantById } from '../db/system.ts';
import { badRequest, notFound } from './errors.ts';

/** What a public call naming no known tenant gets (404, like any missing object). */
export const TENANT_NOT_FOUND = 'Tenant not found.';

const TENANT_ID_INVALID = 'tenant_id must be a positive integer.';

async function bodyTenantId(c: Context<AppEnv>): Promise<unknown> {
  if (!(c.req.header('content-type') ?? '').includes('application/json')) return undefined;
  const body = await c.req.json().catch(() => undefined);
  return body && typeof body === 'object' ? (body as Record<string, unknown>).tenant_id : undefined;
}

/**
 * Public calls name their tenant with `tenant_id`, in the query or the body (CONTRACT §3): both
 * given and different is 400, neither is 400 with the route's message, unknown is 404. Runs before
 * the body is validated, so a missing tenant is reported first.
 */
export function publicTenant(
  deps: Deps,
  missingMessage = 'tenant_id is required.',
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const fromQuery = c.req.query('tenant_id');
    const fromBody = await bodyTenantId(c);
    const given = [fromQuery, fromBody].filter((v) => v !== undefined && v !== null && v !== '');
    if (given.length === 0) {
      throw badRequest(missingMessage, [{ field: 'tenant_id', error: missingMessage }]);
    }
    const ids = given.map((value) => tenantIdParam.safeParse(value));
    const parsed = ids.map((r) => (r.success ? r.data : null));
    if (parsed.some((id) => id === null)) {
      throw badRequest(TENANT_ID_INVALID, [{ field: 'tenant_id', error: TENANT_ID_INVALID }]);
    }
    if (new Set(parsed).size > 1) {
      const message = 'The tenant_id of the query and of the body differ.';
      throw badRequest(message, [{ field: 'tenant_id', error: message }]);
    }
    const tenant = await tenantById(deps.database.db, parsed[0] as number);
    if (!tenant) throw notFound(TENANT_NOT_FOUND);
    c.set('tenant', tenant);
    await next();
  };
}

export function tenantOf(c: Context<AppEnv>): TenantRow {
  const tenant = c.get('tenant');
  if (!tenant) throw new Error('publicTenant() must run before this handler');
  return tenant;
}

/** The tenant row of a signed-in call: always the session's, whatever the request says. */
export async function sessionTenant(deps: Deps, tenantId: number): Promise<TenantRow> {
  const tenant = await tenantById(deps.database.db, tenantId);
  if (!tenant) throw notFound(TENANT_NOT_FOUND);
  return tenant;
}
