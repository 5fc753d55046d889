import { randomUUID } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import { catalogueMessages, importLimits, limits } from '@kindling/contract';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { resolveSession, SESSION_COOKIE } from '../auth/session-middleware.ts';
import type { AppEnv, Deps } from '../context.ts';
import { isImportUpload } from '../imports/routes.ts';
import { registerDevMail } from '../mail/dev-routes.ts';
import { isPhotoUpload } from '../profiles/photo.ts';
import { serveUploads } from '../storage/serve-uploads.ts';
import { SESSION_SCHEME } from './access.ts';
import { limitBody } from './body-limit.ts';
import { clientAddress } from './client-address.ts';
import { AppError } from './errors.ts';
import { apiTags } from './openapi.ts';
import { originCheck } from './origin-check.ts';
import { refuseNulInJson } from './plain-text-body.ts';
import { refuseNulInUrl } from './plain-text-url.ts';
import { apiRoutes } from './routes.ts';
import { securityHeaders } from './security-headers.ts';
import { serveWeb } from './web.ts';

function errorResponse(c: Context<AppEnv>, error: unknown) {
  if (error instanceof AppError) return c.json(error.toBody(), error.status as 400);
  if (error instanceof HTTPException && error.status < 500) {
    const appError =
      error.status === 413
        ? new AppError('PAYLOAD_TOO_LARGE')
        : new AppError('BAD_REQUEST', error.message || catalogueMessages.BAD_REQUEST);
    return c.json(appError.toBody(), appError.status as 400);
  }
  const unavailable = isDatabaseUnavailable(error);
  // A failed query's error carries its SQL and parameters (e-mails, token hashes): the log gets
  // only what went wrong.
  const cause = (error as { cause?: Error }).cause;
  const logged =
    cause instanceof Error ? { err: cause, query: (error as Error).name } : { err: error };
  if (unavailable) c.get('log')?.warn(logged, 'database unavailable');
  else c.get('log')?.error(logged, 'unhandled error');
  const appError = new AppError(unavailable ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_SERVER_ERROR');
  return c.json(appError.toBody(), appError.status as 500);
}

/** Messages of node-postgres for a connection lost or never made; they carry no error code. */
const CONNECTION_LOST =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed/i;

/** Connection failures are the database being away, not a bug: 503 so clients may retry. */
function isDatabaseUnavailable(error: unknown): boolean {
  const errors = [error, (error as { cause?: unknown })?.cause];
  return errors.some((e) => {
    const code = (e as { code?: string })?.code;
    return (
      code === 'ECONNREFUSED' ||
      code === 'ECONNRESET' ||
      code === 'EPIPE' ||
      code === 'ETIMEDOUT' ||
      code === '57P01' ||
      code === '57P03' ||
      code === '08006' ||
      code === '08001' ||
      code === '08003' ||
      (e instanceof Error && CONNECTION_LOST.test(e.message) && !/Failed query/.test(e.message))
    );
  });
}

/** The whole server: one pipeline in front of every route (docs/architecture.md, request lifecycle). */
export function createApp(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>();

  app.use(async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    const log = deps.logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    c.set('clientAddress', clientAddress(c, deps.config.trustProxy));
    c.set('session', null);
    c.set('tenant', null);
    await next();
    // On the answer's own headers: c.header() after the answer exists copies it through a stream.
    c.res.headers.set('X-Request-Id', requestId);
    const session = c.get('session');
    // The path only: query strings carry claim tokens and must never reach the log.
    log.info(
      {
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
  app.use(securityHeaders(deps.config));
  app.onError((error, c) => errorResponse(c, error));
  // A server shutting down refuses new work with an answer, not a reset, and says so to the
  // client's connection pool; requests already past this point finish.
  app.use(async (c, next) => {
    if (!deps.lifecycle.draining) return next();
    c.header('Connection', 'close');
    c.header('Retry-After', '1');
    throw new AppError('SERVICE_UNAVAILABLE');
  });
  app.use(refuseNulInUrl);

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
  app.use('/api/*', compress());
  app.use('/api/*', originCheck(deps.config.allowedOrigins));
  const jsonLimit = limitBody(limits.bodyBytes);
  const photoLimit = limitBody(limits.photoBytes);
  const importLimit = limitBody(importLimits.bytes);
  const limitFor = (path: string) =>
    isPhotoUpload(path) ? photoLimit : isImportUpload(path) ? importLimit : jsonLimit;
  // Asking a GET for its body would build a full WHATWG Request (and an AbortController) for nothing.
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitFor(c.req.path)(c, next),
  );
  app.use('/api/*', refuseNulInJson);
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
  app.all('/api/*', () => {
    throw new AppError('NOT_FOUND', 'No such API route.');
  });

  registerDevMail(app, deps);
  serveUploads(app, deps);
  serveWeb(app, deps);
  return app;
}
