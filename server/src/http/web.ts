import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../context.ts';

export const webDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Serves the built single-page app from the same origin as the API. Hashed assets are immutable;
 * every other path that is not a file gets index.html so the client router can show it.
 */
export function serveWeb(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  const indexFile = `${webDist}/index.html`;
  if (existsSync(webDist)) registerStatic(app);
  app.get('*', (c) => {
    if (!existsSync(indexFile)) {
      deps.logger.warn('web/dist is missing; run `npm run build`');
      return c.text('The web app is not built. Run `npm run build`.', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexFile, 'utf8'));
  });
}

function registerStatic(app: OpenAPIHono<AppEnv>): void {
  app.use(
    '/assets/*',
    serveStatic({
      root: webDist,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  const files = serveStatic<AppEnv>({ root: webDist, index: '' });
  // A path ending in '/' names a folder, never a file: it falls through to index.html.
  app.use('*', (c, next) => (c.req.path.endsWith('/') ? next() : files(c, next)));
}
