import {
  notificationSettings,
  notificationSettingsBody,
  unsubscribeAnswer,
  unsubscribeQuery,
} from '@kindling/contract';
import type { MiddlewareHandler } from 'hono';
import { consumeOrThrow } from '../auth/rate-limits.ts';
import type { AppEnv, Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import { readMailSettings, saveMailSettings, unsubscribe } from './settings-service.ts';
import { createUnsubscribeTokens } from './unsubscribe-token.ts';

const tag = 'Notifications' as const;

/**
 * 60 unsubscribes per client address a minute, whatever their answer: enough for a mail provider
 * relaying many members' one-click calls, while a guesser of tokens is slowed (they are signed).
 */
function unsubscribeLimit(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await consumeOrThrow(deps.rateLimits.unsubscribes, c.get('clientAddress'));
    await next();
  };
}

/** CONTRACT §9: a member's mail for each kind of notification, and the mails' one-click unsubscribe. */
export function notificationSettingsRoutes(deps: Deps) {
  const tokens = createUnsubscribeTokens(deps.config.secretKey);
  return router()
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/notification-settings',
        operationId: 'getNotificationSettings',
        tag,
        summary: "The caller's mail for each kind of notification, defaults filled in",
        responses: { 401: errors[401], 200: json(notificationSettings) },
      }),
      async (c) => c.json(await readMailSettings(deps, sessionOf(c)), 200),
    )
    .openapi(
      route({
        access: 'member',
        method: 'put',
        path: '/notification-settings',
        operationId: 'saveNotificationSettings',
        tag,
        summary:
          "Changes the caller's mail for the kinds named (off, immediate, daily or weekly); kinds left out keep their setting",
        request: {
          body: {
            content: { 'application/json': { schema: notificationSettingsBody } },
            required: true,
          },
        },
        responses: { 400: errors[400], 401: errors[401], 200: json(notificationSettings) },
      }),
      async (c) => c.json(await saveMailSettings(deps, sessionOf(c), c.req.valid('json')), 200),
    )
    .openapi(
      route({
        access: 'public',
        method: 'post',
        path: '/unsubscribe',
        operationId: 'unsubscribe',
        tag,
        summary:
          "A notification mail's one-click unsubscribe (RFC 8058): the kinds its token names are set to off for its member",
        description:
          "A notification mail's one-click unsubscribe (RFC 8058): the kinds its token names are set to off for its member. A mail client posts it from wherever it runs, so it is exempt from the Origin check: the token, signed with a key derived from SECRET_KEY, is its authority. The app's screen names its tenant with `tenant_id`, which must be the token's. 60 a minute per client address.",
        middleware: [unsubscribeLimit(deps)],
        request: { query: unsubscribeQuery },
        responses: { 400: errors[400], 429: errors[429], 200: json(unsubscribeAnswer) },
      }),
      async (c) => {
        const { token, tenant_id } = c.req.valid('query');
        return c.json(await unsubscribe(deps, tokens, token, tenant_id), 200);
      },
    );
}
