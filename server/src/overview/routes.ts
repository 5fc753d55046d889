import { overviewAnswer } from '@kindling/contract';
import type { Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import { overview } from './service.ts';

/** The administration console's overview: how the portal is doing, month by month. */
export function overviewRoutes(deps: Deps) {
  return router().openapi(
    route({
      access: 'admin',
      method: 'get',
      path: '/admin/overview',
      operationId: 'getOverview',
      tag: 'Administration',
      summary:
        'Members by standing and role; ideas and follows in each of the last 12 months; interest requests by kind and status and the median time to a first answer',
      responses: { 200: json(overviewAnswer), 401: errors[401], 403: errors[403] },
    }),
    async (c) => c.json(await overview(deps, sessionOf(c).tenantId), 200),
  );
}
