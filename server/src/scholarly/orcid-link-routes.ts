import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { tenantById } from '../db/system.ts';
import { route } from '../http/access.ts';
import { notFound } from '../http/errors.ts';
import { errors, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import {
  finishOrcidLink,
  type LinkOutcome,
  orcidCallbackUrl,
  startOrcidLink,
} from './orcid-link.ts';

const redirect = { description: "Sent on to ORCID's sign-in, or back to the profile form" };

/** Back to the member's profile form, which says how the link ended (`?orcid=`). */
async function backToForm(deps: Deps, c: Context<AppEnv>, outcome: LinkOutcome) {
  const tenant = await tenantById(deps.database.db, sessionOf(c).tenantId);
  const query = new URLSearchParams({ tenant: tenant?.domain ?? '', orcid: outcome });
  return c.redirect(`/update-profile?${query}`, 302);
}

/**
 * CONTRACT §10: a member links their ORCID iD through ORCID's own sign-in (OAuth 2.0 code flow,
 * OpenID Connect), which marks it verified. Only where the deployment has ORCID credentials.
 */
export function orcidLinkRoutes(deps: Deps) {
  const credentials = deps.config.scholarly.orcidClient;
  return router()
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/orcid/link',
        operationId: 'startOrcidLink',
        tag: 'Profiles',
        summary:
          "Sends the browser to ORCID's sign-in (code flow with state, nonce and PKCE S256) to link your ORCID iD; 404 where the deployment has no ORCID credentials",
        responses: { 302: redirect, 401: errors[401], 404: errors[404] },
      }),
      async (c) => {
        if (!credentials) throw notFound(notConfigured);
        try {
          return c.redirect(await startOrcidLink(deps, sessionOf(c)), 302);
        } catch (error) {
          c.get('log')().warn({ err: error }, "ORCID's sign-in could not be reached");
          return backToForm(deps, c, 'failed');
        }
      },
    )
    .openapi(
      route({
        access: 'member',
        method: 'get',
        path: '/orcid/callback',
        operationId: 'finishOrcidLink',
        tag: 'Profiles',
        summary:
          "The redirect URI registered at ORCID: ORCID's answer, checked against the session that started the link; sets your iD verified and goes back to the profile form",
        request: {
          query: z.object({
            state: z.string().max(400).optional(),
            code: z.string().max(4000).optional(),
            error: z.string().max(400).optional(),
          }),
        },
        responses: { 302: redirect, 400: errors[400], 401: errors[401], 404: errors[404] },
      }),
      async (c) => {
        if (!credentials) throw notFound(notConfigured);
        // The address registered at ORCID, whatever proxy the request came through.
        const callback = new URL(orcidCallbackUrl(deps.config));
        callback.search = new URL(c.req.url).search;
        return backToForm(deps, c, await finishOrcidLink(deps, sessionOf(c), callback));
      },
    );
}

const notConfigured = 'This deployment does not link ORCID iDs.';
