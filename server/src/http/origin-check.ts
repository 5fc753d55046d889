import type { MiddlewareHandler } from 'hono';
import { forbidden } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The calls a page of another origin may make. A SAML identity provider's page posts its response
 * to the assertion consumer service cross-site (CONTRACT §8), and the signed response with its
 * InResponseTo protects it, not the Origin. A mail client's one-click unsubscribe (CONTRACT §9,
 * RFC 8058) may be posted from a webmail's page, and its signed token protects it.
 */
const CROSS_SITE_POSTS = /^\/api\/v1\/(auth\/sso\/saml\/\d{1,10}\/acs|unsubscribe)$/;

/**
 * A state-changing request from a browser page of another origin is refused (CONTRACT §3). Clients
 * that send no Origin (curl, server-to-server) pass: the SameSite=Lax cookie is not sent cross-site.
 */
export function originCheck(allowedOrigins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    const crossSitePost = c.req.method === 'POST' && CROSS_SITE_POSTS.test(c.req.path);
    if (!SAFE_METHODS.has(c.req.method) && !crossSitePost) {
      const origin = c.req.header('origin');
      if (origin !== undefined && !allowed.has(origin)) throw forbidden();
      if (c.req.header('sec-fetch-site') === 'cross-site') throw forbidden();
    }
    await next();
  };
}
