import { randomUUID } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import { limits } from '@kindling/contract';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { compress } from 'hono/compress';
import type { Logger } from 'pino';
import { accountRoutes } from './account/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { resolveSession, SESSION_COOKIE } from './auth/session-middleware.ts';
import { brandingRoutes } from './branding/routes.ts';
import { commentRoutes } from './comments/routes.ts';
import type { AppEnv, Deps } from './context.ts';
import { digestRoutes } from './digests/routes.ts';
import { SESSION_SCHEME } from './http/access.ts';
import { addAnswerHeaders } from './http/answer-headers.ts';
import { limitBody } from './http/body-limit.ts';
import { clientAddress } from './http/client-address.ts';
import { errorResponse } from './http/error-response.ts';
import { AppError } from './http/errors.ts';
import { apiTags, router } from './http/openapi.ts';
import { originCheck } from './http/origin-check.ts';
import { nulInUrl } from './http/plain-text-url.ts';
import { securityHeaders } from './http/security-headers.ts';
import { serveWeb } from './http/web.ts';
import { adminIdeaRoutes } from './ideas/admin-routes.ts';
import { ideaRoutes } from './ideas/routes.ts';
import { importRoutes } from './imports/routes.ts';
import { interestRoutes } from './interest/routes.ts';
import { invitationRoutes } from './invitations/routes.ts';
import { registerDevMail } from './mail/dev-routes.ts';
import { memberRoutes } from './members/routes.ts';
import { mfaRoutes } from './mfa/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { notificationSettingsRoutes } from './notifications/settings-routes.ts';
import { overviewRoutes } from './overview/routes.ts';
import { passkeyRoutes } from './passkeys/routes.ts';
import { peopleRoutes } from './people/routes.ts';
import { privacyRoutes } from './privacy/routes.ts';
import { profileRoutes } from './profiles/routes.ts';
import { referenceAdminRoutes } from './reference/admin-routes.ts';
import { referenceRoutes } from './reference/routes.ts';
import { orcidLinkRoutes } from './scholarly/orcid-link-routes.ts';
import { scholarlyRoutes } from './scholarly/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { settingsRoutes } from './settings/routes.ts';
import { identityProviderRoutes } from './sso/admin-routes.ts';
import { ssoRoutes } from './sso/routes.ts';
import { imageOrigins } from './storage/s3.ts';
import { serveUploads } from './storage/serve-uploads.ts';
import { tenantRoutes } from './tenants/routes.ts';

/**
 * The API's route table, under /api/v1. Each feature's routes.ts declares its routes once from the
 * contract's schemas; the OpenAPI document is generated from the same declarations.
 */
function apiRoutes(deps: Deps) {
  return router()
    .route('/', tenantRoutes(deps))
    .route('/', referenceRoutes(deps))
    .route('/', searchRoutes(deps))
    .route('/', ideaRoutes(deps))
    .route('/', commentRoutes(deps))
    .route('/', interestRoutes(deps))
    .route('/', notificationSettingsRoutes(deps))
    .route('/', notificationRoutes(deps))
    .route('/', peopleRoutes(deps))
    .route('/', profileRoutes(deps))
    .route('/', scholarlyRoutes(deps))
    .route('/', orcidLinkRoutes(deps))
    .route('/', authRoutes(deps))
    .route('/', accountRoutes(deps))
    .route('/', mfaRoutes(deps))
    .route('/', privacyRoutes(deps))
    .route('/', passkeyRoutes(deps))
    .route('/', invitationRoutes(deps))
    .route('/', memberRoutes(deps))
    .route('/', overviewRoutes(deps))
    .route('/', auditRoutes(deps))
    .route('/', referenceAdminRoutes(deps))
    .route('/', importRoutes(deps))
    .route('/', brandingRoutes(deps))
    .route('/', settingsRoutes(deps))
    .route('/', digestRoutes(deps))
    .route('/', adminIdeaRoutes(deps))
    .route('/', identityProviderRoutes(deps))
    .route('/', ssoRoutes(deps));
}

/** The whole server: one pipeline in front of every route (docs/architecture.md, request lifecycle). */
export function createApp(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>();

  const { logger } = deps;
  const putSecurityHeaders = securityHeaders(deps.config, imageOrigins(deps.config));
  // Each step of the pipeline costs a trivial request about a microsecond more (decision 0056),
  // so the first step also puts the security headers on and makes the refusals before any route.
  const refusal = (c: Context<AppEnv>): AppError | undefined => {
    // A server shutting down refuses new work with an answer, not a reset, and says so to the
    // client's connection pool; requests already past this point finish.
    if (deps.lifecycle.draining) {
      c.header('Connection', 'close');
      c.header('Retry-After', '1');
      return new AppError('SERVICE_UNAVAILABLE');
    }
    return nulInUrl(c);
  };
  app.use(async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    let log: Logger | undefined;
    c.set('requestId', requestId);
    // A child logger per request cost more than the request line itself: made only when a
    // route or the error handler logs (decision 0056).
    c.set('log', () => {
      log ??= logger.child({ requestId });
      return log;
    });
    c.set('clientAddress', clientAddress(c, deps.config.trustProxy));
    c.set('session', null);
    c.set('tenant', null);
    const refused = refusal(c);
    if (refused) c.res = errorResponse(c, refused);
    else await next();
    putSecurityHeaders(c);
    addAnswerHeaders(c, { 'X-Request-Id': requestId });
    if (!logger.isLevelEnabled('info')) return;
    const session = c.get('session');
    // The path only: query strings carry claim tokens and must never reach the log.
    logger.info(
      {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
        tenant: session?.tenantId,
        user: session?.userId,
      },
      'request',
    );
  });
  app.onError((error, c) => errorResponse(c, error));

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    try {
      await deps.database.db.execute(sql`select 1`);
      return c.json({ status: 'ok' });
    } catch {
      return c.json({ status: 'unavailable' }, 503);
    }
  });

  // JSON compresses to a fifth; answers under 1 KiB and clients that do not ask are left alone.
  // Vary is set before the route answers: compress() adding it afterwards would copy every answer
  // through a stream, the cost decision 0018 removed from c.header() (decision 0044). A client
  // that accepts no encoding skips compress(), which reads the answer's headers and so turns the
  // adapter's light answer into a full Response (decision 0056).
  const compressJson = compress();
  const vary = Object.freeze({ Vary: 'Accept-Encoding' });
  app.use('/api/*', async (c, next) => {
    if (c.req.header('accept-encoding')) {
      c.header('Vary', 'Accept-Encoding');
      return compressJson(c, next);
    }
    await next();
    addAnswerHeaders(c, vary);
  });
  app.use('/api/*', originCheck(deps.config.allowedOrigins));
  // Each route limits its own body (http/access.ts); a call to no route is held to the JSON limit,
  // so its body is drained before the 404 like any other refused body.
  app.use('/api/*', resolveSession(deps));
  app.route('/api/v1', apiRoutes(deps));
  app.openAPIRegistry.registerComponent('securitySchemes', SESSION_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The session cookie that sign-in sets',
  });
  app.doc31('/api/v1/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Kindling API',
      version: '1.0.0',
      description: 'The HTTP API of Kindling, as fixed by CONTRACT §3.',
      contact: { name: 'Kindling', url: 'https://github.com/kindling' },
    },
    servers: [
      {
        url: 'https://{domain}',
        description: "A university's own address; every path starts with /api/v1",
        variables: { domain: { default: 'localhost:3000', description: 'Host and port' } },
      },
    ],
    tags: apiTags.map((tag) => ({ ...tag })),
  });
  app.all('/api/*', limitBody(limits.bodyBytes), () => {
    throw new AppError('NOT_FOUND', 'No such API route.');
  });

  registerDevMail(app, deps);
  serveUploads(app, deps);
  serveWeb(app, deps);
  return app;
}
