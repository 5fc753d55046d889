import {
  dataExport,
  erasureBody,
  idParam,
  messageAnswer,
  privacyMessages,
} from '@kindling/contract';
import { deleteCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '../auth/session-middleware.ts';
import type { Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, jsonBody, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import { sessionTenant } from '../http/tenant-context.ts';
import { eraseMember, eraseSelf, exportData } from './service.ts';

/** A member's data, to take or to erase (CONTRACT §11), and an administrator's erasure of a member. */
export function privacyRoutes(deps: Deps) {
  return router()
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/me/export',
        operationId: 'exportMyData',
        tag: 'Account',
        summary:
          'Everything Kindling holds about the caller, as a JSON download (never a secret: no password hash, second factor seed, recovery code or token)',
        responses: {
          200: json(dataExport, 'A JSON document, sent as an attachment named with the date'),
          401: errors[401],
          403: errors[403],
        },
      }),
      async (c) => {
        const session = sessionOf(c);
        const tenant = await sessionTenant(deps, session.tenantId);
        const document = await exportData(deps, session, tenant);
        const day = document.exported_at.slice(0, 10);
        c.header(
          'Content-Disposition',
          `attachment; filename="${tenant.domain}-my-data-${day}.json"`,
        );
        return c.json(document, 200);
      },
    )
    .openapi(
      route({
        access: 'member',
        method: 'delete',
        path: '/me',
        operationId: 'eraseMyAccount',
        tag: 'Account',
        summary:
          "Erases the caller's account, given the password (a member without one: within 5 minutes of signing in); the last active administrator is 409",
        request: jsonBody(erasureBody),
        responses: {
          200: json(messageAnswer),
          400: errors[400],
          401: errors[401],
          403: errors[403],
          409: errors[409],
          429: errors[429],
        },
      }),
      async (c) => {
        await eraseSelf(deps, sessionOf(c), c.req.valid('json').password);
        deleteCookie(c, SESSION_COOKIE, { path: '/' });
        return c.json({ message: privacyMessages.erased }, 200);
      },
    )
    .openapi(
      route({
        access: 'admin',
        method: 'delete',
        path: '/admin/users/{id}',
        operationId: 'eraseMember',
        tag: 'Administration',
        summary:
          "Erases a member as DELETE /me does (their ideas and comments stay, shown as 'Former member'); audited; one's own account (409) goes through DELETE /me; the last active administrator is 409",
        request: { params: idParam },
        responses: {
          200: json(messageAnswer),
          401: errors[401],
          403: errors[403],
          404: errors[404],
          409: errors[409],
        },
      }),
      async (c) => {
        await eraseMember(deps, sessionOf(c), c.req.valid('param').id);
        return c.json({ message: privacyMessages.memberErased }, 200);
      },
    );
}
