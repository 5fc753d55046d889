import type { Context } from 'hono';
import type { Config } from '../config.ts';
import { addAnswerHeaders } from './answer-headers.ts';

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

/**
 * CONTRACT §5: nosniff everywhere, a CSP without inline script on HTML, no-store on the API. Put
 * on an answer by the pipeline's first step once the route has answered (app.ts).
 */
export function securityHeaders(
  config: Config,
  imageOrigins: readonly string[],
): (c: Context) => void {
  // The same on every answer, so built once; the API's set adds no-store.
  const everywhere: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    'Content-Security-Policy': contentSecurityPolicy(imageOrigins),
  };
  if (config.production) {
    everywhere['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  }
  const onTheApi = Object.freeze({ ...everywhere, 'Cache-Control': 'no-store' });
  Object.freeze(everywhere);
  return (c) => addAnswerHeaders(c, c.req.path.startsWith('/api/') ? onTheApi : everywhere);
}
