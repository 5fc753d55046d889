import {
  adminUsersAnswer,
  adminUsersQuery,
  approvalBody,
  createdAnswer,
  createProfileBody,
  disabledBody,
  idParam,
  messageAnswer,
  permissionsBody,
  roleBody,
} from '@kindling/contract';
import type { Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, jsonBody, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import { sessionTenant } from '../http/tenant-context.ts';
import { resendClaimMail, setDisabled, setRole } from './account-actions.ts';
import { createProfile, membersPage, setApproval, setPermissions } from './service.ts';

const guarded = { 401: errors[401], 403: errors[403] };
const memberAnswers = {
  200: json(messageAnswer),
  400: errors[400],
  404: errors[404],
  409: errors[409],
  ...guarded,
};

/** The administration of members (CONTRACT §3, and the console's actions beyond it). */
export function memberRoutes(deps: Deps) {
  return router()
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
        responses: memberAnswers,
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
        responses: memberAnswers,
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
    .openapi(
      route({
        access: 'admin',
        method: 'put',
        path: '/admin/users/{id}/disabled',
        operationId: 'setMemberDisabled',
        tag: 'Administration',
        summary:
          'Disables a member (sign-in refused, sessions revoked at once) or re-enables them; no one disables themselves (409)',
        request: { params: idParam, ...jsonBody(disabledBody) },
        responses: memberAnswers,
      }),
      async (c) => {
        const { disabled } = c.req.valid('json');
        await setDisabled(deps, sessionOf(c), c.req.valid('param').id, disabled);
        return c.json({ message: disabled ? 'Disabled.' : 'Re-enabled.' }, 200);
      },
    )
    .openapi(
      route({
        access: 'admin',
        method: 'post',
        path: '/admin/users/{id}/claim-mail',
        operationId: 'resendClaimMail',
        tag: 'Administration',
        summary:
          'Mails a fresh claim link to an approved member without a password; earlier links stop working',
        request: { params: idParam },
        responses: memberAnswers,
      }),
      async (c) => {
        const session = sessionOf(c);
        const tenant = await sessionTenant(deps, session.tenantId);
        await resendClaimMail(deps, tenant, session.userId, c.req.valid('param').id);
        return c.json({ message: 'A new link to claim the profile was emailed.' }, 200);
      },
    )
    .openapi(
      route({
        access: 'admin',
        method: 'put',
        path: '/admin/users/{id}/role',
        operationId: 'setMemberRole',
        tag: 'Administration',
        summary:
          "Changes a member's role and, when given, their permissions in the same change; administrators keep their own admin (409)",
        request: { params: idParam, ...jsonBody(roleBody) },
        responses: memberAnswers,
      }),
      async (c) => {
        await setRole(deps, sessionOf(c), c.req.valid('param').id, c.req.valid('json'));
        return c.json({ message: 'Role updated.' }, 200);
      },
    );
}
