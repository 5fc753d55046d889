import { z } from '@hono/zod-openapi';
import { idParam, limits, type SsoErrorCode, ssoStartQuery } from '@kindling/contract';
import type { Context } from 'hono';
import { setSessionCookie } from '../auth/routes.ts';
import type { AppEnv, Deps } from '../context.ts';
import type { IdentityProviderRow } from '../db/schema-sso.ts';
import { type TenantRow, tenantById, tenantOfProvider } from '../db/system.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { can, route } from '../http/access.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { errors, router } from '../http/openapi.ts';
import { publicTenant, tenantOf } from '../http/tenant-context.ts';
import { type Asserted, admit, SsoRefusal } from './admission.ts';
import { isTestRequest, takeTestRequest } from './identity-repository.ts';
import { finishOidc, type Pending, parseState, startOidc, takeOidcRequest } from './oidc.ts';
import { recordRefusal } from './refusals.ts';
import { findProvider } from './repository.ts';
import { finishSaml, startSaml } from './saml.ts';
import { unverifiedInResponseTo } from './saml-response.ts';
import { serviceProviderMetadata } from './saml-sp-metadata.ts';
import { ssoUrls } from './settings.ts';
import { concludeTest } from './test-sign-in.ts';

const tag = 'Single sign-on' as const;
const redirect = { description: 'Sent on to the identity provider, or back into the app' };

/** Back to the sign-in screen with CONTRACT §8's code; the tenant when it is known. */
function failed(c: Context<AppEnv>, tenant: TenantRow | null, code: SsoErrorCode) {
  const query = new URLSearchParams();
  if (tenant) query.set('tenant', tenant.domain);
  query.set('sso_error', code);
  return c.redirect(`/signin?${query}`, 302);
}

/** Into the app at the path asked for at the start, naming the tenant as every link does. */
function into(path: string, tenant: TenantRow) {
  const url = new URL(path, 'http://app');
  url.searchParams.set('tenant', tenant.domain);
  return `${url.pathname}${url.search}${url.hash}`;
}

const providerIn = (deps: Deps, tenant: TenantRow, id: number) =>
  inTenant(deps.database.db, tenant.id, (tx) => findProvider(tx, tenant.id, id));

/** What the identity provider posts to the assertion consumer service. */
const samlPost = z.object({
  SAMLResponse: z
    .string({ error: 'SAMLResponse is required.' })
    .min(1, { message: 'SAMLResponse is required.' })
    .max(limits.bodyBytes, { message: 'SAMLResponse is too long.' }),
  RelayState: z.string().max(2000, { message: 'RelayState is too long.' }).optional(),
});

/** CONTRACT §8: the start of a sign-in at a provider, and the provider's answer coming back. */
export function ssoRoutes(deps: Deps) {
  /** A SAML provider by its id alone (its addresses name no tenant), and its tenant. */
  async function samlProvider(id: number) {
    const tenant = await tenantOfProvider(deps.database.db, id);
    const provider = tenant ? await providerIn(deps, tenant, id) : undefined;
    return tenant && provider?.protocol === 'saml' ? { tenant, provider } : undefined;
  }

  /** Back to the provider's page in the console, where the test's outcome is read. */
  function backToConsole(c: Context<AppEnv>, tenant: TenantRow, provider: IdentityProviderRow) {
    return c.redirect(into(`/admin/identity/${provider.id}?sso_test=1`, tenant), 302);
  }

  /**
   * What every answer from a provider ends in: the person admitted and the session's cookie set,
   * or the refusal audited and the browser sent back to the sign-in screen with its code. An
   * administrator's test sign-in (known from the request the server stored, never from the answer)
   * ends on the console instead, with nobody signed in. `testOfRefused` finds, for an answer
   * refused before its request was known, whether that request was a test; `isTest` asks the
   * same without using the request up, so that a disabled provider can still be tried.
   */
  async function conclude(
    c: Context<AppEnv>,
    tenant: TenantRow,
    provider: IdentityProviderRow,
    known: Pending | null,
    work: () => Promise<{ asserted: Asserted; pending: Pending }>,
    testOfRefused: () => Promise<number | null> = async () => null,
    isTest: () => Promise<boolean> = async () => false,
  ) {
    try {
      // An administrator tries a provider before enabling it: a SAML answer names its request
      // only inside, so whether it is a test is looked up before a disabled provider refuses it.
      if (!provider.enabled && !known?.testSessionId && !(await isTest())) {
        throw new SsoRefusal('DISABLED', 'the provider is disabled');
      }
      const { asserted, pending } = await work();
      if (pending.testSessionId !== null) {
        await concludeTest(deps, tenant, provider, pending.testSessionId, asserted);
        return backToConsole(c, tenant, provider);
      }
      if (!provider.enabled) throw new SsoRefusal('DISABLED', 'the provider is disabled');
      const previous = c.get('session');
      const signedIn = await admit(deps, tenant, provider, asserted, {
        remember: pending.remember,
        userAgent: c.req.header('user-agent'),
        replaces: previous?.tenantId === tenant.id ? previous.sessionId : null,
      });
      setSessionCookie(c, deps, signedIn.token, pending.remember, signedIn.maxAgeSeconds);
      return c.redirect(into(pending.redirect, tenant), 302);
    } catch (error) {
      if (!(error instanceof SsoRefusal)) throw error;
      const testSessionId = known?.testSessionId ?? (await testOfRefused());
      if (testSessionId) {
        await concludeTest(deps, tenant, provider, testSessionId, error);
        return backToConsole(c, tenant, provider);
      }
      await recordRefusal(deps, tenant, provider, error);
      return failed(c, tenant, error.code);
    }
  }

  return router()
    .openapi(
      route({
        access: 'public',
        method: 'get',
        path: '/auth/sso/{id}/start',
        operationId: 'startSingleSignOn',
        tag,
        summary:
          'Sends the browser to the identity provider: OIDC code flow with state, nonce and PKCE S256, or a SAML AuthnRequest',
        middleware: [publicTenant(deps)] as const,
        request: { params: idParam, query: ssoStartQuery },
        responses: { 302: redirect, 400: errors[400], 404: errors[404] },
      }),
      async (c) => {
        const tenant = tenantOf(c);
        const query = c.req.valid('query');
        const provider = await providerIn(deps, tenant, c.req.valid('param').id);
        if (!provider) throw notFound('No such identity provider.');
        const session = c.get('session');
        if (query.test && (session?.tenantId !== tenant.id || !can(session, 'admin'))) {
          throw forbidden('Only an administrator of this tenant may test a sign-in.');
        }
        // An administrator may test a provider before enabling it.
        if (!provider.enabled && !query.test) return failed(c, tenant, 'DISABLED');
        const pending = {
          redirect: query.redirect ?? '/dashboard',
          remember: query.remember_session,
          testSessionId: query.test && session ? session.sessionId : null,
        };
        const start = provider.protocol === 'saml' ? startSaml : startOidc;
        try {
          return c.redirect(await start(deps, tenant, provider, pending), 302);
        } catch (error) {
          c.get('log')().warn(
            { err: error, provider: provider.id },
            'single sign-on could not start',
          );
          return failed(c, tenant, 'PROVIDER_ERROR');
        }
      },
    )
    .openapi(
      route({
        access: 'public',
        method: 'get',
        path: '/auth/sso/oidc/callback',
        operationId: 'finishOidcSignOn',
        tag,
        summary:
          "The OIDC redirect URI: the provider's answer, checked; signs in and goes back to the app",
        request: {
          query: z.object({
            state: z.string().max(400).optional(),
            code: z.string().max(4000).optional(),
            error: z.string().max(400).optional(),
          }),
        },
        responses: { 302: redirect, 400: errors[400] },
      }),
      async (c) => {
        const state = parseState(c.req.valid('query').state);
        const tenant = state ? await tenantById(deps.database.db, state.tenantId) : undefined;
        if (!state || !tenant) return failed(c, null, 'INVALID_RESPONSE');
        const request = await takeOidcRequest(deps, tenant.id, state.providerId, state.random);
        if (!request) return failed(c, tenant, 'INVALID_RESPONSE');
        const provider = await providerIn(deps, tenant, request.providerId);
        if (provider?.protocol !== 'oidc') return failed(c, tenant, 'DISABLED');
        // The address registered at the provider, whatever proxy the request came through.
        const callback = new URL(ssoUrls(deps.config).oidcCallback);
        callback.search = new URL(c.req.url).search;
        return conclude(c, tenant, provider, request, async () => ({
          asserted: await finishOidc(deps, provider, request, callback),
          pending: request,
        }));
      },
    )
    .openapi(
      route({
        access: 'public',
        method: 'get',
        path: '/auth/sso/saml/{id}/metadata',
        operationId: 'samlServiceProviderMetadata',
        tag,
        summary:
          "Kindling's SAML metadata for one provider: entity id, assertion consumer service, signing and encryption certificates, requested attributes",
        request: { params: idParam },
        responses: {
          200: {
            description: 'SAML 2.0 metadata of the service provider',
            content: { 'application/samlmetadata+xml': { schema: z.string() } },
          },
          404: errors[404],
        },
      }),
      async (c) => {
        const found = await samlProvider(c.req.valid('param').id);
        if (!found) throw notFound('No such identity provider.');
        const xml = await serviceProviderMetadata(deps, found.tenant, found.provider);
        return c.body(xml, 200, { 'content-type': 'application/samlmetadata+xml; charset=utf-8' });
      },
    )
    .openapi(
      route({
        access: 'public',
        method: 'post',
        path: '/auth/sso/saml/{id}/acs',
        operationId: 'finishSamlSignOn',
        tag,
        summary:
          "The SAML assertion consumer service: the identity provider's response, checked; signs in and goes back to the app",
        description:
          "The identity provider's page posts this form cross-site, so this one call is exempt from the Origin check: the signed response and its InResponseTo protect it.",
        request: {
          params: idParam,
          body: {
            content: { 'application/x-www-form-urlencoded': { schema: samlPost } },
            required: true,
          },
        },
        responses: { 302: redirect, 400: errors[400] },
      }),
      async (c) => {
        const found = await samlProvider(c.req.valid('param').id);
        if (!found) return failed(c, null, 'INVALID_RESPONSE');
        const { tenant, provider } = found;
        const { SAMLResponse } = c.req.valid('form');
        const seen: { pending?: Pending | undefined } = {};
        const testOfRefused = async () => {
          if (seen.pending) return seen.pending.testSessionId;
          const handle = unverifiedInResponseTo(SAMLResponse);
          if (!handle) return null;
          return inTenant(deps.database.db, tenant.id, (tx) =>
            takeTestRequest(tx, tenant.id, provider.id, handle),
          );
        };
        return conclude(
          c,
          tenant,
          provider,
          null,
          () => finishSaml(deps, tenant, provider, SAMLResponse, seen),
          testOfRefused,
          async () => {
            const handle = unverifiedInResponseTo(SAMLResponse);
            return handle
              ? inTenant(deps.database.db, tenant.id, (tx) =>
                  isTestRequest(tx, tenant.id, provider.id, handle),
                )
              : false;
          },
        );
      },
    );
}
