import { z } from '@hono/zod-openapi';
import {
  createdAnswer,
  idParam,
  invitedUserRecord,
  inviteUserBody,
  messageAnswer,
  requestInvitationAnswer,
  requestInvitationBody,
  requestInvitationMessages,
  USER_STATUS_UPDATED,
  userStatusBody,
} from '@kindling/contract';
import type { MiddlewareHandler } from 'hono';
import { consumeOrThrow } from '../auth/rate-limits.ts';
import type { AppEnv, Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, jsonBody, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import { publicTenant, sessionTenant, tenantOf } from '../http/tenant-context.ts';
import {
  inviteUser,
  requestInvitation,
  updateInvitationStatus,
  verifyClaimToken,
} from './service.ts';

/** CONTRACT §5: 20 invitation requests per client address an hour, whatever their answer. */
function invitationRequestLimit(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await consumeOrThrow(deps.rateLimits.invitationRequests, c.get('clientAddress'));
    await next();
  };
}

const tokenQuery = z.object({
  token: z.string({ error: 'token is required.' }).min(1, { error: 'token is required.' }).max(128),
  tenant_id: z.string().optional(),
});

export function invitationRoutes(deps: Deps) {
  return router()
    .openapi(
      route({
        access: 'public',
        method: 'post',
        path: '/request-invitation',
        operationId: 'requestInvitation',
        tag: 'Invitations',
        summary: 'Request an invitation: a pending record that administrators review',
        middleware: [
          invitationRequestLimit(deps),
          publicTenant(deps, requestInvitationMessages.tenantRequired),
        ] as const,
        request: {
          query: z.object({ tenant_id: z.string().optional() }),
          ...jsonBody(requestInvitationBody),
        },
        responses: {
          201: json(requestInvitationAnswer, 'Requested'),
          400: errors[400],
          404: errors[404],
          409: errors[409],
          429: errors[429],
        },
      }),
      async (c) => c.json(await requestInvitation(deps, tenantOf(c), c.req.valid('json')), 201),
    )
    .openapi(
      route({
        access: { permission: 'invite_user' },
        method: 'post',
        path: '/invite-user',
        operationId: 'inviteUser',
        tag: 'Invitations',
        summary: 'Invite someone: the claim link is mailed at once (needs invite_user)',
        request: jsonBody(inviteUserBody),
        responses: {
          201: json(createdAnswer, 'Invited'),
          400: errors[400],
          401: errors[401],
          403: errors[403],
          409: errors[409],
        },
      }),
      async (c) => {
        const session = sessionOf(c);
        const tenant = await sessionTenant(deps, session.tenantId);
        return c.json(await inviteUser(deps, tenant, session, c.req.valid('json')), 201);
      },
    )
    .openapi(
      route({
        access: 'claim',
        method: 'get',
        path: '/verify-token',
        operationId: 'verifyClaimToken',
        tag: 'Invitations',
        summary: 'The invited user record of a claim token',
        middleware: [publicTenant(deps)] as const,
        request: { query: tokenQuery },
        responses: { 200: json(invitedUserRecord), 400: errors[400], 404: errors[404] },
      }),
      async (c) =>
        c.json(await verifyClaimToken(deps, tenantOf(c), c.req.valid('query').token), 200),
    )
    .openapi(
      route({
        access: 'claim',
        method: 'put',
        path: '/users/{id}/status',
        operationId: 'answerInvitation',
        tag: 'Invitations',
        summary: 'Accept or decline an invitation with its claim token',
        middleware: [publicTenant(deps)] as const,
        request: {
          params: idParam,
          query: tokenQuery,
          ...jsonBody(userStatusBody),
        },
        responses: {
          200: json(messageAnswer),
          400: errors[400],
          403: errors[403],
          404: errors[404],
          409: errors[409],
        },
      }),
      async (c) => {
        await updateInvitationStatus(
          deps,
          tenantOf(c),
          c.req.valid('param').id,
          c.req.valid('query').token,
          c.req.valid('json').status,
        );
        return c.json({ message: USER_STATUS_UPDATED }, 200);
      },
    );
}
