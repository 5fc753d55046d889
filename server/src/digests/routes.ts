import { digestAnswer, digestBody } from '@kindling/contract';
import type { Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, jsonBody, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import { sendDigestsNow } from './service.ts';

/** CONTRACT §9: an administrator sends the tenant's digests without waiting for 08:00. */
export function digestRoutes(deps: Deps) {
  return router().openapi(
    route({
      access: 'admin',
      method: 'post',
      path: '/admin/digests',
      operationId: 'sendDigests',
      tag: 'Administration',
      summary:
        "Sends the tenant's daily or weekly digests at once, as if due now; answers how many were sent",
      description:
        'Each member with unread notifications not yet mailed, of kinds they get at that frequency, is sent one digest; a notification goes into one digest only, and the scheduled run at 08:00 in the tenant’s time zone still sends what arrives after this.',
      request: jsonBody(digestBody),
      responses: {
        200: json(digestAnswer),
        400: errors[400],
        401: errors[401],
        403: errors[403],
      },
    }),
    async (c) =>
      c.json(await sendDigestsNow(deps, sessionOf(c), c.req.valid('json').frequency), 200),
  );
}
