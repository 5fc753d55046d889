import { z } from '@hono/zod-openapi';
import {
  brandingAdminAnswer,
  brandingOverridesBody,
  errorBody,
  logoAnswer,
  termsAdminAnswer,
  termsBody,
} from '@kindling/contract';
import type { Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, jsonBody, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import { LOGO_TYPE_MESSAGE } from './logo.ts';
import { brandingForAdmin, saveBranding, saveTerms, termsForAdmin, uploadLogo } from './service.ts';

const guarded = { 401: errors[401], 403: errors[403] };

const logoForm = z.object({
  file: z
    .instanceof(File, { message: LOGO_TYPE_MESSAGE })
    .openapi({ type: 'string', format: 'binary' }),
});

/** The console's branding editor and terms: what members see on every screen. */
export function brandingRoutes(deps: Deps) {
  return router()
    .openapi(
      route({
        access: 'admin',
        method: 'get',
        path: '/admin/branding',
        operationId: 'getBranding',
        tag: 'Administration',
        summary: "The tenant's branding as members see it, and the defaults it starts from",
        responses: { 200: json(brandingAdminAnswer), ...guarded },
      }),
      async (c) => c.json(await brandingForAdmin(deps, sessionOf(c).tenantId), 200),
    )
    .openapi(
      route({
        access: 'admin',
        method: 'put',
        path: '/admin/branding',
        operationId: 'updateBranding',
        tag: 'Administration',
        summary:
          "Replaces the tenant's branding overrides (keys left out take their default); colours must keep WCAG AA contrast",
        request: jsonBody(brandingOverridesBody),
        responses: { 200: json(brandingAdminAnswer), 400: errors[400], ...guarded },
      }),
      async (c) => c.json(await saveBranding(deps, sessionOf(c), c.req.valid('json')), 200),
    )
    .openapi(
      route({
        access: 'admin',
        method: 'post',
        path: '/admin/branding/logo',
        operationId: 'uploadLogo',
        tag: 'Administration',
        summary:
          'Uploads a logo (JPEG, PNG, GIF or SVG, up to 1 MiB); answers the URL of a re-encoded PNG for the next branding save',
        request: {
          body: { content: { 'multipart/form-data': { schema: logoForm } }, required: true },
        },
        responses: {
          200: json(logoAnswer),
          400: errors[400],
          ...guarded,
          413: json(errorBody, 'The body is over 1 MiB'),
        },
      }),
      async (c) => c.json(await uploadLogo(deps, sessionOf(c), c.req.valid('form').file), 200),
    )
    .openapi(
      route({
        access: 'admin',
        method: 'get',
        path: '/admin/terms',
        operationId: 'getTermsSettings',
        tag: 'Administration',
        summary: "The tenant's terms and conditions, and whether they are the default ones",
        responses: { 200: json(termsAdminAnswer), ...guarded },
      }),
      async (c) => c.json(await termsForAdmin(deps, sessionOf(c).tenantId), 200),
    )
    .openapi(
      route({
        access: 'admin',
        method: 'put',
        path: '/admin/terms',
        operationId: 'updateTerms',
        tag: 'Administration',
        summary: "Sets the tenant's own terms and conditions, or null to show the default ones",
        request: jsonBody(termsBody),
        responses: { 200: json(termsAdminAnswer), 400: errors[400], ...guarded },
      }),
      async (c) => c.json(await saveTerms(deps, sessionOf(c), c.req.valid('json').terms), 200),
    );
}
