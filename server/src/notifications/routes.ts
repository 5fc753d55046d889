import {
  markReadBody,
  notificationsPage,
  notificationsQuery,
  unreadCount,
} from '@kindling/contract';
import type { Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, jsonBody, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import { listNotifications, markRead } from './service.ts';

const tag = 'Notifications' as const;
const signedIn = { 400: errors[400], 401: errors[401] };

/** CONTRACT §9 notifications: each member reads and marks their own, in the session's tenant. */
export function notificationRoutes(deps: Deps) {
  return router()
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/notifications',
        operationId: 'listNotifications',
        tag,
        summary:
          "The caller's notifications, newest first (`unread=true`: the unread alone), with their unread count",
        request: { query: notificationsQuery },
        responses: { ...signedIn, 404: errors[404], 200: json(notificationsPage) },
      }),
      async (c) => c.json(await listNotifications(deps, sessionOf(c), c.req.valid('query')), 200),
    )
    .openapi(
      route({
        access: 'member',
        method: 'post',
        path: '/notifications/read',
        operationId: 'markNotificationsRead',
        tag,
        summary:
          "Marks the caller's notifications read, `{ids}` (up to 100; others' ids are ignored) or `{all: true}`, and answers the unread count",
        request: jsonBody(markReadBody),
        responses: { ...signedIn, 200: json(unreadCount) },
      }),
      async (c) => c.json(await markRead(deps, sessionOf(c), c.req.valid('json')), 200),
    );
}
