import type { MiddlewareHandler } from 'hono';
import { forbidden } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing request from a browser page of another origin is refused (CONTRACT §3). Clients
 * that send no Origin (curl, server-to-server) pass: the SameSite=Lax cookie is not sent cross-site.
 */
export function originCheck(allowedOrigins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      if (origin !== undefined && !allowed.has(origin)) throw forbidden();
      if (c.req.header('sec-fetch-site') === 'cross-site') throw forbidden();
    }
    await next();
  };
}
