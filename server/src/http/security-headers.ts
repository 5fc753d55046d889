import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';

/** `imageOrigins`: where else images may come from (the photo bucket's origin). */
export function contentSecurityPolicy(imageOrigins: readonly string[]): string {
  const images = ["'self'", 'data:', 'blob:', ...imageOrigins];
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Style attributes set by React and the crop widget's injected stylesheet; no script runs from them.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images.join(' ')}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** CONTRACT §5: nosniff everywhere, a CSP without inline script on HTML, no-store on the API. */
export function securityHeaders(
  config: Config,
  imageOrigins: readonly string[],
): MiddlewareHandler {
  const csp = contentSecurityPolicy(imageOrigins);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Cross-Origin-Resource-Policy', 'same-origin');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    headers.set('Content-Security-Policy', csp);
    if (config.production) {
      headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    if (c.req.path.startsWith('/api/')) headers.set('Cache-Control', 'no-store');
  };
}
