import {
  createdAnswer,
  identityProviderBody,
  identityProvidersAnswer,
  identityProviderUpdateBody,
  idParam,
  messageAnswer,
  publicProvidersAnswer,
  spKeysAnswer,
  ssoTestResultAnswer,
} from '@kindling/contract';
import type { Deps } from '../context.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { route } from '../http/access.ts';
import { notFound } from '../http/errors.ts';
import { errors, json, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import { publicTenant, tenantOf } from '../http/tenant-context.ts';
import {
  createIdentityProvider,
  deleteIdentityProvider,
  listIdentityProviders,
  updateIdentityProvider,
} from './admin-service.ts';
import { enabledProviders, findProvider } from './repository.ts';
import {
  activateServiceProviderKeys,
  prepareServiceProviderKeys,
  retireServiceProviderKeys,
} from './sp-rollover.ts';
import { readTestResult } from './test-sign-in.ts';

const tag = 'Single sign-on' as const;
const guarded = { 401: errors[401], 403: errors[403] };
const actorOf = (session: { tenantId: number; userId: number }) => ({
  tenantId: session.tenantId,
  userId: session.userId,
});

/** CONTRACT §8: the administration of a tenant's identity providers, and their public list. */
export function identityProviderRoutes(deps: Deps) {
  return router()
    .openapi(
      route({
        access: 'admin',
        method: 'get',
        path: '/admin/identity-providers',
        operationId: 'listIdentityProviders',
        tag,
        summary: "The tenant's identity providers with their settings, secrets never shown",
        responses: { 200: json(identityProvidersAnswer), ...guarded },
      }),
      async (c) => c.json(await listIdentityProviders(deps, sessionOf(c).tenantId), 200),
    )
    .openapi(
      route({
        access: 'admin',
        method: 'post',
        path: '/admin/identity-providers',
        operationId: 'createIdentityProvider',
        tag,
        summary:
          'Adds an OIDC provider (its discovery read now) or a SAML provider (its metadata read now)',
        request: {
          body: {
            content: { 'application/json': { schema: identityProviderBody } },
            required: true,
          },
        },
        responses: { 201: json(createdAnswer, 'Added'), 400: errors[400], ...guarded },
      }),
      async (c) => {
        const id = await createIdentityProvider(deps, actorOf(sessionOf(c)), c.req.valid('json'));
        return c.json({ id }, 201);
      },
    )
    .openapi(
      route({
        access: 'admin',
        method: 'put',
        path: '/admin/identity-providers/{id}',
        operationId: 'updateIdentityProvider',
        tag,
        summary: 'Changes a provider; a secret or metadata left out is kept',
        request: {
          params: idParam,
          body: {
            content: { 'application/json': { schema: identityProviderUpdateBody } },
            required: true,
          },
        },
        responses: {
          200: json(messageAnswer),
          400: errors[400],
          404: errors[404],
          ...guarded,
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        await updateIdentityProvider(deps, actorOf(sessionOf(c)), id, c.req.valid('json'));
        return c.json({ message: 'The identity provider was saved.' }, 200);
      },
    )
    .openapi(
      route({
        access: 'admin',
        method: 'delete',
        path: '/admin/identity-providers/{id}',
        operationId: 'deleteIdentityProvider',
        tag,
        summary: "Removes a provider and its members' links to it",
        request: { params: idParam },
        responses: { 200: json(messageAnswer), 404: errors[404], ...guarded },
      }),
      async (c) => {
        await deleteIdentityProvider(deps, actorOf(sessionOf(c)), c.req.valid('param').id);
        return c.json({ message: 'The identity provider was removed.' }, 200);
      },
    )
    .openapi(
      route({
        access: 'admin',
        method: 'post',
        path: '/admin/identity-providers/{id}/sp-keys',
        operationId: 'prepareServiceProviderKeys',
        tag,
        summary:
          "Makes the next of Kindling's SAML signing and encryption keys for a provider, published in its metadata beside the current ones",
        description:
          "The first step of a key rollover. Kindling keeps signing with the current key and decrypts with either. Send the metadata to the identity provider's operators, then start using the new keys. 400 for an OpenID Connect provider, when new keys are already prepared, or while old keys are not yet retired.",
        request: { params: idParam },
        responses: {
          201: json(spKeysAnswer, 'Prepared'),
          400: errors[400],
          404: errors[404],
          ...guarded,
        },
      }),
      async (c) => {
        const certificates = await prepareServiceProviderKeys(
          deps,
          actorOf(sessionOf(c)),
          c.req.valid('param').id,
        );
        return c.json({ message: 'New keys are prepared.', sp_certificates: certificates }, 201);
      },
    )
    .openapi(
      route({
        access: 'admin',
        method: 'post',
        path: '/admin/identity-providers/{id}/sp-keys/activate',
        operationId: 'activateServiceProviderKeys',
        tag,
        summary:
          'Makes the next keys current: Kindling signs with them and the metadata publishes only them',
        description:
          'The old encryption key stays as `previous` and still decrypts, for an identity provider that has not read the metadata again, until it is retired. 400 when no new keys are prepared.',
        request: { params: idParam },
        responses: { 200: json(spKeysAnswer), 400: errors[400], 404: errors[404], ...guarded },
      }),
      async (c) => {
        const certificates = await activateServiceProviderKeys(
          deps,
          actorOf(sessionOf(c)),
          c.req.valid('param').id,
        );
        return c.json({ message: 'The new keys are in use.', sp_certificates: certificates }, 200);
      },
    )
    .openapi(
      route({
        access: 'admin',
        method: 'delete',
        path: '/admin/identity-providers/{id}/sp-keys/previous',
        operationId: 'retireServiceProviderKeys',
        tag,
        summary: "Forgets the previous of Kindling's SAML keys: the last step of a key rollover",
        description:
          'What is still encrypted to the old key is refused afterwards. 400 when there are none.',
        request: { params: idParam },
        responses: { 200: json(spKeysAnswer), 400: errors[400], 404: errors[404], ...guarded },
      }),
      async (c) => {
        const certificates = await retireServiceProviderKeys(
          deps,
          actorOf(sessionOf(c)),
          c.req.valid('param').id,
        );
        return c.json({ message: 'The old keys are retired.', sp_certificates: certificates }, 200);
      },
    )
    .openapi(
      route({
        access: 'admin',
        method: 'get',
        path: '/admin/identity-providers/{id}/test-result',
        operationId: 'identityProviderTestResult',
        tag,
        summary:
          "The outcome of this session's last test sign-in through the provider (kept 5 minutes): what arrived and what the matching rules would do",
        description:
          'A test sign-in starts at `GET /auth/sso/{id}/start?test=true` (administrators only) and changes nothing; `result` is null when there is no fresh one.',
        request: { params: idParam },
        responses: { 200: json(ssoTestResultAnswer), 404: errors[404], ...guarded },
      }),
      async (c) => {
        const session = sessionOf(c);
        const { id } = c.req.valid('param');
        const provider = await inTenant(deps.database.db, session.tenantId, (tx) =>
          findProvider(tx, session.tenantId, id),
        );
        if (!provider) throw notFound('No such identity provider.');
        const result = await readTestResult(deps, session.tenantId, id, session.sessionId);
        return c.json({ result }, 200);
      },
    )
    .openapi(
      route({
        access: 'public',
        method: 'get',
        path: '/auth/providers',
        operationId: 'listSignInProviders',
        tag,
        summary: 'The enabled identity providers of a tenant, for the sign-in screen',
        middleware: [publicTenant(deps)] as const,
        responses: { 200: json(publicProvidersAnswer), 400: errors[400], 404: errors[404] },
      }),
      async (c) => {
        const tenant = tenantOf(c);
        const rows = await inTenant(deps.database.db, tenant.id, (tx) =>
          enabledProviders(tx, tenant.id),
        );
        const providers = rows.map((row) => ({
          id: row.id,
          name: row.name,
          protocol: row.protocol,
          email_domains: row.emailDomains,
        }));
        return c.json({ providers }, 200);
      },
    );
}
