import {
  adminSecurity,
  messageAnswer,
  mfaMessages,
  mfaStatusAnswer,
  recoveryCodesAnswer,
  sessionAnswer,
  signInMfaBody,
  totpDisableBody,
  totpEnableBody,
  totpSetupAnswer,
} from '@kindling/contract';
import { signedIn, signInFailures, signInRequest } from '../auth/routes.ts';
import type { Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, jsonBody, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import { publicTenant, tenantOf } from '../http/tenant-context.ts';
import {
  disableTotp,
  enableTotp,
  mfaStatus,
  adminSecurity as readAdminSecurity,
  saveAdminSecurity,
  startTotpSetup,
} from './service.ts';
import { signInWithCode } from './sign-in.ts';

const guarded = { 401: errors[401], 403: errors[403] };

/** CONTRACT §11: the authenticator app, the sign-in's second step, and the administrators' rule. */
export function mfaRoutes(deps: Deps) {
  return router()
    .openapi(
      route({
        access: 'public',
        method: 'post',
        path: '/auth/sign-in/mfa',
        operationId: 'signInWithCode',
        tag: 'Auth',
        summary:
          "A sign-in's second step: the challenge with a code from the authenticator app or a recovery code; sets the session cookie",
        middleware: [publicTenant(deps)] as const,
        request: jsonBody(signInMfaBody),
        responses: { 200: json(sessionAnswer), ...signInFailures },
      }),
      async (c) => {
        const sent = c.req.valid('json');
        const result = await signInWithCode(deps, tenantOf(c), {
          challenge: sent.challenge,
          code: sent.code,
          ...signInRequest(c),
        });
        return signedIn(c, deps, result, result.answer.user.isRememberSession);
      },
    )
    .openapi(
      route({
        access: 'member',
        duringMfaSetup: true,
        method: 'get',
        path: '/auth/mfa',
        operationId: 'getSecondFactor',
        tag: 'Account',
        summary:
          "The member's second factor: on or off, recovery codes left, and whether they have a password",
        responses: { 200: json(mfaStatusAnswer), 401: errors[401] },
      }),
      async (c) => c.json(await mfaStatus(deps, sessionOf(c)), 200),
    )
    .openapi(
      route({
        access: 'member',
        duringMfaSetup: true,
        method: 'post',
        path: '/auth/mfa/totp',
        operationId: 'startTotpSetup',
        tag: 'Account',
        summary:
          'A new authenticator secret and its otpauth URL, not yet enabled; replaces an unconfirmed one',
        responses: { 200: json(totpSetupAnswer), 401: errors[401], 409: errors[409] },
      }),
      async (c) => c.json(await startTotpSetup(deps, sessionOf(c)), 200),
    )
    .openapi(
      route({
        access: 'member',
        duringMfaSetup: true,
        method: 'post',
        path: '/auth/mfa/totp/enable',
        operationId: 'enableTotp',
        tag: 'Account',
        summary:
          'Turns the authenticator on with a code it shows; answers ten single-use recovery codes, shown once',
        request: jsonBody(totpEnableBody),
        responses: {
          200: json(recoveryCodesAnswer),
          400: errors[400],
          401: errors[401],
          409: errors[409],
        },
      }),
      async (c) => {
        const codes = await enableTotp(deps, sessionOf(c), c.req.valid('json').code);
        return c.json({ recovery_codes: codes }, 200);
      },
    )
    .openapi(
      route({
        access: 'member',
        method: 'delete',
        path: '/auth/mfa/totp',
        operationId: 'disableTotp',
        tag: 'Account',
        summary:
          'Turns two-step verification off, with the password (or, without one, a sign-in in the last 5 minutes)',
        request: jsonBody(totpDisableBody),
        responses: {
          200: json(messageAnswer),
          400: errors[400],
          ...guarded,
          409: errors[409],
          429: errors[429],
        },
      }),
      async (c) => {
        await disableTotp(deps, sessionOf(c), c.req.valid('json').password);
        return c.json({ message: mfaMessages.turnedOff }, 200);
      },
    )
    .openapi(
      route({
        access: 'admin',
        method: 'get',
        path: '/admin/security',
        operationId: 'getAdminSecurity',
        tag: 'Administration',
        summary: 'Whether every administrator must have a second factor',
        responses: { 200: json(adminSecurity), ...guarded },
      }),
      async (c) => c.json(await readAdminSecurity(deps, sessionOf(c).tenantId), 200),
    )
    .openapi(
      route({
        access: 'admin',
        method: 'put',
        path: '/admin/security',
        operationId: 'updateAdminSecurity',
        tag: 'Administration',
        summary: 'Requires a second factor of every administrator, or stops requiring it; audited',
        request: jsonBody(adminSecurity),
        responses: { 200: json(adminSecurity), 400: errors[400], ...guarded },
      }),
      async (c) => c.json(await saveAdminSecurity(deps, sessionOf(c), c.req.valid('json')), 200),
    );
}
