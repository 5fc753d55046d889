import {
  accountMessages,
  idParam,
  messageAnswer,
  passwordChangeBody,
  sessionsAnswer,
} from '@kindling/contract';
import { deleteCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '../auth/session-middleware.ts';
import type { Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import { changePassword, endOtherSessions, endSession, listSessions } from './service.ts';

/** The "Account and security" screen's calls (CONTRACT §11): sessions a member sees and ends, password. */
export function accountRoutes(deps: Deps) {
  return router()
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/auth/sessions',
        operationId: 'listSessions',
        tag: 'Account',
        summary:
          "Where the member is signed in: this tenant's live sessions, the current one first",
        responses: { 200: json(sessionsAnswer), 401: errors[401] },
      }),
      async (c) => c.json({ sessions: await listSessions(deps, sessionOf(c)) }, 200),
    )
    .openapi(
      route({
        access: 'member',
        method: 'delete',
        path: '/auth/sessions/{id}',
        operationId: 'endSession',
        tag: 'Account',
        summary:
          "Ends one of the member's sessions (the current one signs out); anyone else's is 404",
        request: { params: idParam },
        responses: { 200: json(messageAnswer), 401: errors[401], 404: errors[404] },
      }),
      async (c) => {
        const session = sessionOf(c);
        const { id } = c.req.valid('param');
        await endSession(deps, session, id);
        if (id === session.sessionId) deleteCookie(c, SESSION_COOKIE, { path: '/' });
        return c.json({ message: accountMessages.sessionEnded }, 200);
      },
    )
    .openapi(
      route({
        access: 'member',
        method: 'post',
        path: '/auth/sessions/revoke-others',
        operationId: 'endOtherSessions',
        tag: 'Account',
        summary: "Ends every one of the member's sessions but the current one",
        responses: { 200: json(messageAnswer), 401: errors[401] },
      }),
      async (c) => {
        await endOtherSessions(deps, sessionOf(c));
        return c.json({ message: accountMessages.othersEnded }, 200);
      },
    )
    .openapi(
      route({
        access: 'member',
        method: 'put',
        path: '/auth/password',
        operationId: 'changePassword',
        tag: 'Account',
        summary:
          'Changes the password, given the current one (a member without one: within 5 minutes of signing in); ends every other session',
        request: {
          body: {
            content: { 'application/json': { schema: passwordChangeBody } },
            required: true,
          },
        },
        responses: {
          200: json(messageAnswer),
          400: errors[400],
          401: errors[401],
          403: errors[403],
          429: errors[429],
        },
      }),
      async (c) => {
        await changePassword(deps, sessionOf(c), c.req.valid('json'));
        return c.json({ message: accountMessages.passwordChanged }, 200);
      },
    );
}
