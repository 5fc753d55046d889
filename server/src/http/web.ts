import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../context.ts';

/**
 * WEB_DIST, as the build scripts read it, lets a second build (another engineer's, a measurement's)
 * be served beside web/dist without replacing it.
 */
export const webDist =
  process.env.WEB_DIST || fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Serves the built single-page app from the same origin as the API. Hashed assets are immutable;
 * every other path that is not a file gets index.html so the client router can show it.
 */
export function serveWeb(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  const indexFile = `${webDist}/index.html`;
  if (existsSync(webDist)) registerStatic(app, webDist);
  app.get('*', (c) => {
    if (!existsSync(indexFile)) {
      deps.logger.warn('web/dist is missing; run `npm run build`');
      return c.text('The web app is not built. Run `npm run build`.', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexFile, 'utf8'));
  });
}

/** The build's files under `root`: hashed assets cached for a year, compressed copies preferred. */
export function registerStatic(app: OpenAPIHono<AppEnv>, root: string): void {
  // File names carry a hash of their content, so a cached copy can never go stale.
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // The build writes .br and .gz copies (scripts/compress-dist.mjs).
  app.use('/assets/*', serveStatic({ root, precompressed: true }));
  // Files of web/public (brand marks, images) keep their names across releases: a week, then
  // revalidated.
  app.use('/brand/*', async (c, next) => {
    await next();
    if (c.res.ok) {
      c.res.headers.set('Cache-Control', 'public, max-age=604800, stale-while-revalidate=86400');
    }
  });
  const files = serveStatic<AppEnv>({ root, index: '' });
  // A path ending in '/' names a folder, never a file: it falls through to index.html.
  app.use('*', (c, next) => (c.req.path.endsWith('/') ? next() : files(c, next)));
}
