import {
  adminUsersAnswer,
  adminUsersQuery,
  approvalBody,
  createdAnswer,
  createProfileBody,
  departmentBody,
  idParam,
  lookupNameBody,
  messageAnswer,
  permissionsBody,
} from '@kindling/contract';
import type { Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import { sessionTenant } from '../http/tenant-context.ts';
import {
  createLookup,
  createProfile,
  membersPage,
  setApproval,
  setPermissions,
} from './service.ts';

const jsonBody = <T>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const guarded = { 401: errors[401], 403: errors[403] };

export function adminRoutes(deps: Deps) {
  const app = router();
  const lookupRoute = (path: string, operationId: string, summary: string) =>
    route({
      access: 'admin',
      method: 'post',
      path,
      operationId,
      tag: 'Administration',
      summary,
      request: jsonBody(lookupNameBody),
      responses: {
        201: json(createdAnswer, 'Created'),
        400: errors[400],
        409: errors[409],
        ...guarded,
      },
    });

  return app
    .openapi(
      route({
        access: 'admin',
        method: 'get',
        path: '/admin/users',
        operationId: 'listMembers',
        tag: 'Administration',
        summary:
          'Members with their status ids and e-mail, newest first; searched by name or e-mail and filtered by standing, role, school and department',
        request: { query: adminUsersQuery },
        responses: { 200: json(adminUsersAnswer), 400: errors[400], 404: errors[404], ...guarded },
      }),
      async (c) =>
        c.json(await membersPage(deps, sessionOf(c).tenantId, c.req.valid('query')), 200),
    )
    .openapi(
      route({
        access: 'admin',
        method: 'post',
        path: '/admin/users',
        operationId: 'createMember',
        tag: 'Administration',
        summary: 'Creates an approved profile and mails its claim link',
        request: jsonBody(createProfileBody),
        responses: {
          201: json(createdAnswer, 'Created'),
          400: errors[400],
          409: errors[409],
          ...guarded,
        },
      }),
      async (c) => {
        const session = sessionOf(c);
        const tenant = await sessionTenant(deps, session.tenantId);
        return c.json(await createProfile(deps, tenant, session.userId, c.req.valid('json')), 201);
      },
    )
    .openapi(
      route({
        access: 'admin',
        method: 'put',
        path: '/admin/users/{id}/approval',
        operationId: 'setMemberApproval',
        tag: 'Administration',
        summary:
          'Approve (2) or decline (3); approval mails the claim link, declining revokes sessions; no one declines themselves (409)',
        request: { params: idParam, ...jsonBody(approvalBody) },
        responses: {
          200: json(messageAnswer),
          400: errors[400],
          404: errors[404],
          409: errors[409],
          ...guarded,
        },
      }),
      async (c) => {
        const session = sessionOf(c);
        const tenant = await sessionTenant(deps, session.tenantId);
        const { admin_status_id } = c.req.valid('json');
        await setApproval(deps, tenant, session.userId, c.req.valid('param').id, admin_status_id);
        return c.json({ message: admin_status_id === 2 ? 'Approved.' : 'Declined.' }, 200);
      },
    )
    .openapi(
      route({
        access: 'admin',
        method: 'put',
        path: '/admin/users/{id}/permissions',
        operationId: 'setMemberPermissions',
        tag: 'Administration',
        summary:
          "Replaces a member's permissions; applies on their next call. Administrators keep their own admin (409)",
        request: { params: idParam, ...jsonBody(permissionsBody) },
        responses: {
          200: json(messageAnswer),
          400: errors[400],
          404: errors[404],
          409: errors[409],
          ...guarded,
        },
      }),
      async (c) => {
        await setPermissions(
          deps,
          sessionOf(c),
          c.req.valid('param').id,
          c.req.valid('json').permissions,
        );
        return c.json({ message: 'Permissions updated.' }, 200);
      },
    )
    .openapi(lookupRoute('/admin/schools', 'createSchool', 'Adds a school'), async (c) =>
      c.json(await createLookup(deps, sessionOf(c), 'school', c.req.valid('json')), 201),
    )
    .openapi(lookupRoute('/admin/support', 'createSupportType', 'Adds a support type'), async (c) =>
      c.json(await createLookup(deps, sessionOf(c), 'support', c.req.valid('json')), 201),
    )
    .openapi(lookupRoute('/admin/ip-status', 'createIpStatus', 'Adds an IP status'), async (c) =>
      c.json(await createLookup(deps, sessionOf(c), 'ip-status', c.req.valid('json')), 201),
    )
    .openapi(
      route({
        access: 'admin',
        method: 'post',
        path: '/admin/departments',
        operationId: 'createDepartment',
        tag: 'Administration',
        summary: 'Adds a department to a school',
        request: jsonBody(departmentBody),
        responses: {
          201: json(createdAnswer, 'Created'),
          400: errors[400],
          409: errors[409],
          ...guarded,
        },
      }),
      async (c) =>
        c.json(await createLookup(deps, sessionOf(c), 'department', c.req.valid('json')), 201),
    );
}
