import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../context.ts';

const PREFIX = '/uploads/';

/**
 * Serves stored files at `/uploads/{key}` with their own content type; any path that is not a key
 * the server issued is 404, so there is no listing and no way out of the storage folder.
 */
export function serveUploads(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  app.get('/uploads', (c) => c.text('Not found', 404));
  app.get('/uploads/*', async (c) => {
    const file = await deps.storage.get(c.req.path.slice(PREFIX.length));
    if (!file) return c.text('Not found', 404);
    const headers: Record<string, string> = {
      'Content-Type': file.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
    };
    if (file.size !== null) headers['Content-Length'] = String(file.size);
    return c.body(file.body, 200, headers);
  });
}
