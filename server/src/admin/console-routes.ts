import { disabledBody, idParam, messageAnswer, overviewAnswer, roleBody } from '@kindling/contract';
import type { Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import { sessionTenant } from '../http/tenant-context.ts';
import { resendClaimMail, setDisabled, setRole } from './members.ts';
import { overview } from './overview.ts';

const jsonBody = <T>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const guarded = { 401: errors[401], 403: errors[403] };
const memberAnswers = {
  200: json(messageAnswer),
  400: errors[400],
  404: errors[404],
  409: errors[409],
  ...guarded,
};

/** The console's member actions beyond CONTRACT §3, and its overview. */
export function consoleRoutes(deps: Deps) {
  return router()
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
    )
    .openapi(
      route({
        access: 'admin',
        method: 'get',
        path: '/admin/overview',
        operationId: 'getOverview',
        tag: 'Administration',
        summary: 'Members by standing and role; ideas and follows in each of the last 12 months',
        responses: { 200: json(overviewAnswer), ...guarded },
      }),
      async (c) => c.json(await overview(deps, sessionOf(c).tenantId), 200),
    );
}
