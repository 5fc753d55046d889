import { z } from '@hono/zod-openapi';
import {
  booleanParam,
  departmentsAnswer,
  ipStatusAnswer,
  schoolsAnswer,
  supportAnswer,
} from '@kindling/contract';
import type { Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import { listActive } from './service.ts';

/**
 * Signed-in calls use the session's tenant; a `tenant_id` they carry is accepted and ignored.
 * Every list answers deactivated entries too, flagged, so ideas and people that still name one
 * show its name; `is_active=true` leaves them out, and the pickers show only the active ones.
 */
const activeQuery = z.object({
  is_active: booleanParam.optional(),
  tenant_id: z.string().optional(),
});
const signedIn = { 400: errors[400], 401: errors[401] };

/** The reference data members read: pickers, filters and the names on cards. */
export function referenceRoutes(deps: Deps) {
  return router()
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/support',
        operationId: 'listSupportTypes',
        tag: 'Lookups',
        summary: 'Support and partnership types; is_active=true leaves out deactivated ones',
        request: { query: activeQuery },
        responses: { ...signedIn, 200: json(supportAnswer) },
      }),
      async (c) => {
        const { tenantId } = sessionOf(c);
        const activeOnly = c.req.valid('query').is_active === true;
        const list = await listActive(deps, tenantId, 'support', activeOnly);
        return c.json({ support_or_partnership: list }, 200);
      },
    )
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/ip-status',
        operationId: 'listIpStatuses',
        tag: 'Lookups',
        summary: 'IP statuses; is_active=true leaves out deactivated ones',
        request: { query: activeQuery },
        responses: { ...signedIn, 200: json(ipStatusAnswer) },
      }),
      async (c) => {
        const { tenantId } = sessionOf(c);
        const activeOnly = c.req.valid('query').is_active === true;
        const list = await listActive(deps, tenantId, 'ip-status', activeOnly);
        return c.json({ ip_statuses: list }, 200);
      },
    )
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/schools',
        operationId: 'listSchools',
        tag: 'Lookups',
        summary: 'Schools; is_active=true leaves out deactivated ones',
        request: { query: activeQuery },
        responses: { ...signedIn, 200: json(schoolsAnswer) },
      }),
      async (c) => {
        const { tenantId } = sessionOf(c);
        const activeOnly = c.req.valid('query').is_active === true;
        const list = await listActive(deps, tenantId, 'school', activeOnly);
        return c.json({ schools: list }, 200);
      },
    )
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/departments',
        operationId: 'listDepartments',
        tag: 'Lookups',
        summary: 'Departments with their school; is_active=true leaves out deactivated ones',
        request: { query: activeQuery },
        responses: { ...signedIn, 200: json(departmentsAnswer) },
      }),
      async (c) => {
        const { tenantId } = sessionOf(c);
        const activeOnly = c.req.valid('query').is_active === true;
        const list = await listActive(deps, tenantId, 'department', activeOnly);
        return c.json({ departments: list }, 200);
      },
    );
}
