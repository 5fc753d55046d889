import { z } from '@hono/zod-openapi';
import {
  claimBody,
  forgotPasswordAnswer,
  forgotPasswordBody,
  forgotPasswordMessages,
  idParam,
  messageAnswer,
  mfaStepAnswer,
  resetPasswordBody,
  type SessionAnswer,
  sessionAnswer,
  signInBody,
  userDetails,
} from '@kindling/contract';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { AppEnv, Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, jsonBody, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import { publicTenant, tenantOf } from '../http/tenant-context.ts';
import { claimProfile } from '../invitations/service.ts';
import {
  currentSession,
  forgotPassword,
  ownDetails,
  resetPassword,
  signIn,
  signOut,
} from './service.ts';
import { SESSION_COOKIE } from './session-middleware.ts';

const CLAIMED = 'Your password has been set. You can now sign in.';

export function setSessionCookie(
  c: Context<AppEnv>,
  deps: Deps,
  token: string,
  remember: boolean,
  maxAge: number,
) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: deps.config.production,
    path: '/',
    // Without remember-session the cookie ends with the browser; the server ends it after an hour.
    ...(remember ? { maxAge } : {}),
  });
}

/** What a sign-in may answer besides its success, either step. */
export const signInFailures = {
  400: errors[400],
  401: errors[401],
  403: errors[403],
  404: errors[404],
  423: errors[423],
  429: errors[429],
};

/**
 * What a sign-in takes from its request besides the body: the browser's User-Agent for the device
 * list, and the session the browser already had, which the sign-in revokes as the new one starts.
 */
export function signInRequest(c: Context<AppEnv>) {
  const previous = c.get('session');
  return {
    userAgent: c.req.header('user-agent'),
    previousSession: previous
      ? { tenantId: previous.tenantId, sessionId: previous.sessionId }
      : null,
  };
}

/** A finished sign-in's answer: the session cookie, and the signed-in member's details. */
export function signedIn(
  c: Context<AppEnv>,
  deps: Deps,
  result: { token: string; maxAgeSeconds: number; answer: SessionAnswer },
  remember: boolean,
) {
  setSessionCookie(c, deps, result.token, remember, result.maxAgeSeconds);
  return c.json(result.answer, 200);
}

export function authRoutes(deps: Deps) {
  return router()
    .openapi(
      route({
        access: 'public',
        method: 'post',
        path: '/auth/sign-in',
        operationId: 'signIn',
        tag: 'Auth',
        summary: 'Sign in with e-mail and password; sets the session cookie',
        middleware: [publicTenant(deps)] as const,
        request: jsonBody(signInBody),
        responses: {
          200: json(z.union([sessionAnswer, mfaStepAnswer]), 'Signed in, or the second step'),
          ...signInFailures,
        },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const result = await signIn(deps, tenantOf(c), {
          email: body.email,
          password: body.password,
          remember: body.remember_session,
          clientAddress: c.get('clientAddress'),
          ...signInRequest(c),
        });
        // A member with a second factor gets a challenge (CONTRACT §11), and no session yet.
        if (!('token' in result)) return c.json(result, 200);
        return signedIn(c, deps, result, body.remember_session);
      },
    )
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/auth/session',
        operationId: 'getSession',
        duringMfaSetup: true,
        // `?optional=true` asks whether anyone is signed in: a visitor gets 204, not a 401 that
        // the browser would report as a failed request on every public page.
        anonymous: (c) => (c.req.query('optional') === 'true' ? c.body(null, 204) : undefined),
        tag: 'Auth',
        summary: 'The current session and its user, as sign-in answers',
        request: {
          query: z.object({
            optional: z
              .enum(['true', 'false'])
              .optional()
              .describe('true: answer 204 instead of 401 when no one is signed in'),
          }),
        },
        responses: {
          200: json(sessionAnswer),
          204: { description: 'No one is signed in (with optional=true)' },
          401: errors[401],
        },
      }),
      async (c) => c.json(await currentSession(deps, sessionOf(c)), 200),
    )
    .openapi(
      route({
        access: 'member',
        method: 'post',
        path: '/auth/sign-out',
        operationId: 'signOut',
        duringMfaSetup: true,
        tag: 'Auth',
        summary: 'Revokes the session server-side and clears the cookie',
        responses: { 200: json(messageAnswer), 401: errors[401] },
      }),
      async (c) => {
        const session = sessionOf(c);
        await signOut(deps, session.tenantId, session.sessionId);
        deleteCookie(c, SESSION_COOKIE, { path: '/' });
        return c.json({ message: 'Signed out.' }, 200);
      },
    )
    .openapi(
      route({
        access: 'public',
        method: 'post',
        path: '/auth/forgot-password',
        operationId: 'forgotPassword',
        tag: 'Auth',
        summary:
          'Mails a 6-digit code valid 15 minutes; an account that signs in through its identity provider is 403',
        middleware: [publicTenant(deps)] as const,
        request: jsonBody(forgotPasswordBody),
        responses: {
          200: json(forgotPasswordAnswer),
          400: errors[400],
          403: errors[403],
          404: errors[404],
          429: errors[429],
        },
      }),
      async (c) => {
        const destination = await forgotPassword(deps, tenantOf(c), c.req.valid('json').email);
        return c.json({ destination }, 200);
      },
    )
    .openapi(
      route({
        access: 'public',
        method: 'post',
        path: '/auth/reset-password',
        operationId: 'resetPassword',
        tag: 'Auth',
        summary: 'Sets a new password with the mailed code; revokes every session',
        middleware: [publicTenant(deps)] as const,
        request: jsonBody(resetPasswordBody),
        responses: {
          200: json(messageAnswer),
          400: errors[400],
          404: errors[404],
          429: errors[429],
        },
      }),
      async (c) => {
        await resetPassword(deps, tenantOf(c), c.req.valid('json'));
        return c.json({ message: forgotPasswordMessages.success }, 200);
      },
    )
    .openapi(
      route({
        access: 'claim',
        method: 'post',
        path: '/auth/claim',
        operationId: 'claimProfile',
        tag: 'Auth',
        summary:
          "Sets the password of an accepted, approved invitation (claim flow's set-password)",
        middleware: [publicTenant(deps)] as const,
        request: jsonBody(claimBody),
        responses: {
          201: json(messageAnswer, 'Password set'),
          400: errors[400],
          403: errors[403],
          404: errors[404],
          409: errors[409],
        },
      }),
      async (c) => {
        const body = c.req.valid('json');
        await claimProfile(deps, tenantOf(c), body.token, body.password);
        return c.json({ message: CLAIMED }, 201);
      },
    )
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/users/{id}',
        operationId: 'getUser',
        tag: 'Auth',
        summary: "The signed-in user's details; anyone else's is 403",
        request: { params: idParam },
        responses: { 200: json(userDetails), 401: errors[401], 403: errors[403] },
      }),
      async (c) => {
        return c.json(await ownDetails(deps, sessionOf(c), c.req.valid('param').id), 200);
      },
    );
}
