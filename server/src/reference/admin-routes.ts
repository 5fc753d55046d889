import { z } from '@hono/zod-openapi';
import {
  adminDepartmentsAnswer,
  adminIpStatusAnswer,
  adminRolesAnswer,
  adminSchoolsAnswer,
  adminSupportAnswer,
  createdAnswer,
  departmentBody,
  idParam,
  lookupNameBody,
  messageAnswer,
  referenceUpdateBody,
  roleUpdateBody,
} from '@kindling/contract';
import type { Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, jsonBody, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import {
  createReference,
  listReference,
  type ReferenceKind,
  updateReference,
  updateRoleEntry,
} from './service.ts';

/** Role ids are smallint: a larger one is a 400 from validation, not a cast error in the database. */
const roleIdParam = z.object({ id: z.coerce.number().int().positive().max(32_767) });
const guarded = { 401: errors[401], 403: errors[403] };
const tag = 'Reference data' as const;
const createRoute = (path: string, operationId: string, summary: string) =>
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

const listRoute = <T extends z.ZodType>(
  path: string,
  operationId: string,
  summary: string,
  schema: T,
) =>
  route({
    access: 'admin',
    method: 'get',
    path,
    operationId,
    tag,
    summary,
    responses: { 200: json(schema), ...guarded },
  });

const updateRoute = <T extends z.ZodType>(
  path: string,
  operationId: string,
  summary: string,
  body: T,
  params: typeof idParam = idParam,
) =>
  route({
    access: 'admin',
    method: 'put',
    path,
    operationId,
    tag,
    summary,
    request: { params, ...jsonBody(body) },
    responses: {
      200: json(messageAnswer),
      400: errors[400],
      404: errors[404],
      409: errors[409],
      ...guarded,
    },
  });

const kindPaths: Record<ReferenceKind, string> = {
  school: 'schools',
  department: 'departments',
  support: 'support',
  'ip-status': 'ip-status',
};
/** How a generated client names each kind: updateSchool, updateSupportType… */
const kindOperations: Record<ReferenceKind, string> = {
  school: 'School',
  department: 'Department',
  support: 'SupportType',
  'ip-status': 'IpStatus',
};
const kindNames: Record<ReferenceKind, string> = {
  school: 'a school',
  department: 'a department',
  support: 'a support type',
  'ip-status': 'an IP status',
};

/**
 * The console's reference data: every entry with its use, deactivated ones included, and the
 * changes an administrator may make (adding is POST /admin/schools and its siblings).
 */
/** The administration of reference data: list with usage, add, rename, deactivate. */
export function referenceAdminRoutes(deps: Deps) {
  const app = router();
  const lists = (tenantId: number) => listReference(deps, tenantId);

  for (const kind of Object.keys(kindPaths) as ReferenceKind[]) {
    app.openapi(
      updateRoute(
        `/admin/${kindPaths[kind]}/{id}`,
        `update${kindOperations[kind]}`,
        `Renames, deactivates or reactivates ${kindNames[kind]}`,
        referenceUpdateBody,
      ),
      async (c) => {
        const { id } = c.req.valid('param');
        const message = await updateReference(deps, sessionOf(c), kind, id, c.req.valid('json'));
        return c.json({ message }, 200);
      },
    );
  }

  return app
    .openapi(
      listRoute(
        '/admin/schools',
        'listSchoolsInUse',
        'Every school with how many people and ideas name it',
        adminSchoolsAnswer,
      ),
      async (c) => c.json({ schools: await lists(sessionOf(c).tenantId).schools() }, 200),
    )
    .openapi(
      listRoute(
        '/admin/departments',
        'listDepartmentsInUse',
        'Every department with its school and how many people and ideas name it',
        adminDepartmentsAnswer,
      ),
      async (c) => c.json({ departments: await lists(sessionOf(c).tenantId).departments() }, 200),
    )
    .openapi(
      listRoute(
        '/admin/support',
        'listSupportTypesInUse',
        'Every support type with how many ideas seek it',
        adminSupportAnswer,
      ),
      async (c) =>
        c.json({ support_or_partnership: await lists(sessionOf(c).tenantId).support() }, 200),
    )
    .openapi(
      listRoute(
        '/admin/ip-status',
        'listIpStatusesInUse',
        'Every IP status with how many ideas have it',
        adminIpStatusAnswer,
      ),
      async (c) => c.json({ ip_statuses: await lists(sessionOf(c).tenantId).ipStatuses() }, 200),
    )
    .openapi(
      listRoute(
        '/admin/roles',
        'listRolesInUse',
        'The roles with how many people have each',
        adminRolesAnswer,
      ),
      async (c) => c.json({ roles: await lists(sessionOf(c).tenantId).roles() }, 200),
    )
    .openapi(
      updateRoute(
        '/admin/roles/{id}',
        'updateRole',
        'Renames a role or changes its icon',
        roleUpdateBody,
        roleIdParam,
      ),
      async (c) => {
        const { id } = c.req.valid('param');
        const message = await updateRoleEntry(deps, sessionOf(c), id, c.req.valid('json'));
        return c.json({ message }, 200);
      },
    )
    .openapi(createRoute('/admin/schools', 'createSchool', 'Adds a school'), async (c) =>
      c.json(await createReference(deps, sessionOf(c), 'school', c.req.valid('json')), 201),
    )
    .openapi(createRoute('/admin/support', 'createSupportType', 'Adds a support type'), async (c) =>
      c.json(await createReference(deps, sessionOf(c), 'support', c.req.valid('json')), 201),
    )
    .openapi(createRoute('/admin/ip-status', 'createIpStatus', 'Adds an IP status'), async (c) =>
      c.json(await createReference(deps, sessionOf(c), 'ip-status', c.req.valid('json')), 201),
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
        c.json(await createReference(deps, sessionOf(c), 'department', c.req.valid('json')), 201),
    );
}
