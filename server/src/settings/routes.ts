import { tenantSettings } from '@kindling/contract';
import type { Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, jsonBody, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import { saveSettings, settingsForAdmin } from './service.ts';

const guarded = { 401: errors[401], 403: errors[403] };

/** The tenant's settings that are not branding: its time zone, in which digests go out. */
export function settingsRoutes(deps: Deps) {
  return router()
    .openapi(
      route({
        access: 'admin',
        method: 'get',
        path: '/admin/settings',
        operationId: 'getTenantSettings',
        tag: 'Administration',
        summary: "The tenant's time zone (IANA name, UTC until chosen)",
        responses: { 200: json(tenantSettings), ...guarded },
      }),
      async (c) => c.json(await settingsForAdmin(deps, sessionOf(c).tenantId), 200),
    )
    .openapi(
      route({
        access: 'admin',
        method: 'put',
        path: '/admin/settings',
        operationId: 'updateTenantSettings',
        tag: 'Administration',
        summary:
          "Sets the tenant's time zone, an IANA name such as Europe/Berlin: digests go out at 08:00 there",
        request: jsonBody(tenantSettings),
        responses: { 200: json(tenantSettings), 400: errors[400], ...guarded },
      }),
      async (c) => c.json(await saveSettings(deps, sessionOf(c), c.req.valid('json')), 200),
    );
}
