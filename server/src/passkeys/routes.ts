import {
  idParam,
  messageAnswer,
  mfaPasskeyOptionsBody,
  passkeyCreateBody,
  passkeyItem,
  passkeyMessages,
  passkeyOptionsAnswer,
  passkeyRemoveBody,
  passkeyRenameBody,
  passkeySignInBody,
  passkeySignInOptionsBody,
  passkeysAnswer,
  sessionAnswer,
  signInMfaPasskeyBody,
} from '@kindling/contract';
import { signedIn, signInFailures, signInRequest } from '../auth/routes.ts';
import type { Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, jsonBody, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import { publicTenant, sessionTenant, tenantOf } from '../http/tenant-context.ts';
import { relyingPartyOf } from './relying-party.ts';
import {
  addPasskey,
  passkeysOf,
  registrationOptions,
  removePasskey,
  renameOwnPasskey,
} from './service.ts';
import {
  answerWithPasskey,
  secondStepOptions,
  signInOptions,
  signInWithPasskey,
} from './sign-in.ts';

/**
 * Passkeys (WebAuthn, issue 20, decision 0045): a member adds, names and removes them on the
 * account screen; one answers a sign-in's second step, or signs in alone without a password.
 * Every ceremony's relying party is the tenant's host name, at its own origin.
 */
export function passkeyRoutes(deps: Deps) {
  return router()
    .openapi(
      route({
        access: 'member',
        duringMfaSetup: true,
        method: 'get',
        path: '/auth/passkeys',
        operationId: 'listPasskeys',
        tag: 'Account',
        summary: "The member's passkeys, oldest first, with when each was added and last used",
        responses: { 200: json(passkeysAnswer), 401: errors[401] },
      }),
      async (c) => c.json({ passkeys: await passkeysOf(deps, sessionOf(c)) }, 200),
    )
    .openapi(
      route({
        access: 'member',
        duringMfaSetup: true,
        method: 'post',
        path: '/auth/passkeys/registration-options',
        operationId: 'startPasskeyRegistration',
        tag: 'Account',
        summary:
          "Options for navigator.credentials.create(): a discoverable passkey for the tenant's host that verifies its user; the challenge lives 5 minutes",
        responses: {
          200: json(passkeyOptionsAnswer),
          400: errors[400],
          401: errors[401],
          409: errors[409],
        },
      }),
      async (c) => {
        const session = sessionOf(c);
        const rp = relyingPartyOf(c, await sessionTenant(deps, session.tenantId));
        return c.json(await registrationOptions(deps, session, rp), 200);
      },
    )
    .openapi(
      route({
        access: 'member',
        duringMfaSetup: true,
        method: 'post',
        path: '/auth/passkeys',
        operationId: 'addPasskey',
        tag: 'Account',
        summary:
          'Adds a passkey: its name and the browser’s attestation of the ceremony started above; audited',
        request: jsonBody(passkeyCreateBody),
        responses: {
          201: json(passkeyItem, 'Added'),
          400: errors[400],
          401: errors[401],
          409: errors[409],
        },
      }),
      async (c) => {
        const session = sessionOf(c);
        const rp = relyingPartyOf(c, await sessionTenant(deps, session.tenantId));
        return c.json(await addPasskey(deps, session, rp, c.req.valid('json')), 201);
      },
    )
    .openapi(
      route({
        access: 'member',
        method: 'put',
        path: '/auth/passkeys/{id}',
        operationId: 'renamePasskey',
        tag: 'Account',
        summary: "Renames one of the member's passkeys; anyone else's is 404",
        request: { params: idParam, ...jsonBody(passkeyRenameBody) },
        responses: {
          200: json(passkeyItem),
          400: errors[400],
          401: errors[401],
          404: errors[404],
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const { name } = c.req.valid('json');
        return c.json(await renameOwnPasskey(deps, sessionOf(c), id, name), 200);
      },
    )
    .openapi(
      route({
        access: 'member',
        method: 'delete',
        path: '/auth/passkeys/{id}',
        operationId: 'removePasskey',
        tag: 'Account',
        summary:
          "Removes one of the member's passkeys, with the password (or, without one, a sign-in in the last 5 minutes); anyone else's is 404; audited",
        request: { params: idParam, ...jsonBody(passkeyRemoveBody) },
        responses: {
          200: json(messageAnswer),
          400: errors[400],
          401: errors[401],
          403: errors[403],
          404: errors[404],
          429: errors[429],
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        await removePasskey(deps, sessionOf(c), id, c.req.valid('json').password);
        return c.json({ message: passkeyMessages.removed }, 200);
      },
    )
    .openapi(
      route({
        access: 'public',
        method: 'post',
        path: '/auth/passkeys/sign-in-options',
        operationId: 'startPasskeySignIn',
        tag: 'Auth',
        summary:
          'Options for navigator.credentials.get() to sign in with a passkey alone (user verification required); 30 in 5 minutes per address',
        middleware: [publicTenant(deps)] as const,
        request: jsonBody(passkeySignInOptionsBody),
        responses: {
          200: json(passkeyOptionsAnswer),
          400: errors[400],
          404: errors[404],
          429: errors[429],
        },
      }),
      async (c) => {
        const tenant = tenantOf(c);
        const rp = relyingPartyOf(c, tenant);
        return c.json(await signInOptions(deps, tenant, rp, c.get('clientAddress')), 200);
      },
    )
    .openapi(
      route({
        access: 'public',
        method: 'post',
        path: '/auth/sign-in/passkey',
        operationId: 'signInWithPasskey',
        tag: 'Auth',
        summary:
          'Signs in with a passkey and no password (no second step: the passkey verified its user); sets the session cookie',
        middleware: [publicTenant(deps)] as const,
        request: jsonBody(passkeySignInBody),
        responses: { 200: json(sessionAnswer), ...signInFailures },
      }),
      async (c) => {
        const tenant = tenantOf(c);
        const rp = relyingPartyOf(c, tenant);
        const sent = c.req.valid('json');
        const result = await signInWithPasskey(deps, tenant, rp, {
          assertion: sent.response,
          remember: sent.remember_session,
          ...signInRequest(c),
        });
        return signedIn(c, deps, result, sent.remember_session);
      },
    )
    .openapi(
      route({
        access: 'public',
        method: 'post',
        path: '/auth/sign-in/mfa/passkey-options',
        operationId: 'startPasskeySecondStep',
        tag: 'Auth',
        summary:
          "Options for navigator.credentials.get() answering a sign-in's second step with one of the member's passkeys",
        middleware: [publicTenant(deps)] as const,
        request: jsonBody(mfaPasskeyOptionsBody),
        responses: { 200: json(passkeyOptionsAnswer), ...signInFailures, 409: errors[409] },
      }),
      async (c) => {
        const tenant = tenantOf(c);
        const rp = relyingPartyOf(c, tenant);
        const { challenge } = c.req.valid('json');
        return c.json(
          await secondStepOptions(deps, tenant, rp, challenge, c.get('clientAddress')),
          200,
        );
      },
    )
    .openapi(
      route({
        access: 'public',
        method: 'post',
        path: '/auth/sign-in/mfa/passkey',
        operationId: 'signInWithPasskeySecondStep',
        tag: 'Auth',
        summary:
          "A sign-in's second step answered with a passkey, under the code's limits; sets the session cookie",
        middleware: [publicTenant(deps)] as const,
        request: jsonBody(signInMfaPasskeyBody),
        responses: { 200: json(sessionAnswer), ...signInFailures },
      }),
      async (c) => {
        const tenant = tenantOf(c);
        const rp = relyingPartyOf(c, tenant);
        const sent = c.req.valid('json');
        const result = await answerWithPasskey(deps, tenant, rp, {
          challenge: sent.challenge,
          assertion: sent.response,
          ...signInRequest(c),
        });
        return signedIn(c, deps, result, result.answer.user.isRememberSession);
      },
    );
}
