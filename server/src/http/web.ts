import { existsSync, readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../context.ts';
import { defaultWebDist } from '../paths.ts';

/**
 * WEB_DIST, as the build scripts read it, lets a second build (another engineer's, a measurement's)
 * be served beside web/dist without replacing it.
 */
const webDist = process.env.WEB_DIST || defaultWebDist;

/**
 * Serves the built single-page app from the same origin as the API. Hashed assets are immutable;
 * every other path that is not a file gets index.html so the client router can show it.
 */
export function serveWeb(app: OpenAPIHono<AppEnv>, deps: Pick<Deps, 'logger'>, root = webDist) {
  if (existsSync(root)) registerStatic(app, root);
  const shell = appShell(`${root}/index.html`);
  app.get('*', (c) => {
    const encodings = shell();
    if (!encodings) {
      deps.logger.warn('web/dist is missing; run `npm run build`');
      return c.text('The web app is not built. Run `npm run build`.', 503);
    }
    const accepted = c.req.header('Accept-Encoding') ?? '';
    const encoding = /\bbr\b/.test(accepted)
      ? 'br'
      : /\bgzip\b/.test(accepted)
        ? 'gzip'
        : 'identity';
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Accept-Encoding');
    c.header('Content-Type', 'text/html; charset=UTF-8');
    if (encoding !== 'identity') c.header('Content-Encoding', encoding);
    return c.body(new Uint8Array(encodings[encoding]));
  });
}

type ShellEncodings = Record<'identity' | 'br' | 'gzip', Buffer>;

/**
 * index.html and its compressed copies, made once per build: every page load starts with it, and
 * the build may be replaced under a running server (a rebuild during development), so the file's
 * modification time decides when to read it again.
 */
function appShell(indexFile: string): () => ShellEncodings | undefined {
  let made: { mtimeMs: number; encodings: ShellEncodings } | undefined;
  return () => {
    const stat = statSync(indexFile, { throwIfNoEntry: false });
    if (!stat) return undefined;
    if (made?.mtimeMs !== stat.mtimeMs) {
      const identity = readFileSync(indexFile);
      const br = brotliCompressSync(identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      });
      made = { mtimeMs: stat.mtimeMs, encodings: { identity, br, gzip: gzipSync(identity) } };
    }
    return made.encodings;
  };
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
