import { z } from '@hono/zod-openapi';
import { rolesAnswer, tenantAnswer, tenantIdParam, termsAnswer } from '@kindling/contract';
import type { Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, router } from '../http/openapi.ts';
import { presentTenant, presentTerms } from './presenter.ts';
import { publicTenants, tenantRoles } from './public-tenant.ts';

const tenantQuery = z
  .object({
    domain: z.string().trim().min(1).max(253).optional(),
    tenant_id: tenantIdParam.optional(),
  })
  .refine((q) => q.domain !== undefined || q.tenant_id !== undefined, {
    message: 'domain or tenant_id is required.',
    path: ['domain'],
  });

const byTenantId = z.object({ tenant_id: tenantIdParam });

export function tenantRoutes(deps: Deps) {
  const loadPublicTenant = publicTenants(deps);
  return router()
    .openapi(
      route({
        access: 'public',
        method: 'get',
        path: '/tenant',
        operationId: 'getTenant',
        tag: 'Tenant',
        summary: "A tenant's name, domain and complete branding",
        request: { query: tenantQuery },
        responses: { 200: json(tenantAnswer), 400: errors[400], 404: errors[404] },
      }),
      async (c) => {
        const tenant = await loadPublicTenant(c.req.valid('query'));
        return c.json(presentTenant(tenant), 200);
      },
    )
    .openapi(
      route({
        access: 'public',
        method: 'get',
        path: '/roles',
        operationId: 'listRoles',
        tag: 'Tenant',
        summary: "The tenant's university roles; role 2 is faculty",
        request: { query: byTenantId },
        responses: { 200: json(rolesAnswer), 400: errors[400], 404: errors[404] },
      }),
      async (c) => {
        const tenant = await loadPublicTenant(c.req.valid('query'));
        return c.json({ roles: await tenantRoles(deps, tenant.id) }, 200);
      },
    )
    .openapi(
      route({
        access: 'public',
        method: 'get',
        path: '/terms',
        operationId: 'getTerms',
        tag: 'Tenant',
        summary: "The tenant's terms and conditions",
        request: { query: byTenantId },
        responses: { 200: json(termsAnswer), 400: errors[400], 404: errors[404] },
      }),
      async (c) => {
        const tenant = await loadPublicTenant(c.req.valid('query'));
        return c.json(presentTerms(tenant), 200);
      },
    );
}
