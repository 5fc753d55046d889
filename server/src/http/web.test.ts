import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { OpenAPIHono } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../context.ts';
import { createLogger } from '../logger.ts';
import { registerStatic, serveWeb } from './web.ts';

describe('the built web app', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'kindling-dist-'));
  mkdirSync(path.join(root, 'assets'));
  const script = 'console.log("kindling");'.repeat(50);
  writeFileSync(path.join(root, 'assets/app-abc123.js'), script);
  writeFileSync(path.join(root, 'assets/app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(root, 'assets/app-abc123.js.gz'), gzipSync(script));
  mkdirSync(path.join(root, 'brand'));
  writeFileSync(path.join(root, 'brand/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const app = new OpenAPIHono<AppEnv>();
  registerStatic(app, root);
  const get = (encoding?: string) =>
    app.request(
      '/assets/app-abc123.js',
      encoding ? { headers: { 'Accept-Encoding': encoding } } : {},
    );

  it('sends the compressed copy the browser accepts, brotli first, and caches it for a year', async () => {
    const brotli = await get('gzip, deflate, br');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('content-type')).toMatch(/javascript/);
    expect(brotli.headers.get('vary')).toContain('Accept-Encoding');
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const gzip = await get('gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(script);

    const plain = await get();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('lets a browser keep the brand marks for a week', async () => {
    const logo = await app.request('/brand/logo.svg');
    expect(logo.status).toBe(200);
    expect(logo.headers.get('cache-control')).toBe(
      'public, max-age=604800, stale-while-revalidate=86400',
    );
  });
});

describe("the app's shell, index.html", () => {
  const root = mkdtempSync(path.join(tmpdir(), 'kindling-shell-'));
  const index = path.join(root, 'index.html');
  const page = (title: string) =>
    `<!doctype html><html><head><title>${title}</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;
  writeFileSync(index, page('first'));
  const quiet = { logger: createLogger('silent') };
  const app = new OpenAPIHono<AppEnv>();
  serveWeb(app, quiet, root);
  const get = (encoding?: string) =>
    app.request('/people/42', encoding ? { headers: { 'Accept-Encoding': encoding } } : {});
  const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

  it('is sent compressed as the browser accepts, for any client route, and never cached unchecked', async () => {
    const brotli = await get('gzip, deflate, br, zstd');
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(brotli.headers.get('vary')).toContain('Accept-Encoding');
    expect(brotli.headers.get('cache-control')).toBe('no-cache');
    const compressed = await bytes(brotli);
    expect(compressed.length).toBeLessThan(page('first').length / 4);
    expect(brotliDecompressSync(compressed).toString()).toBe(page('first'));

    const gzip = await get('gzip, deflate');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gzip)).toString()).toBe(page('first'));

    const plain = await get();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(page('first'));
  });

  it('follows a rebuild without a restart', async () => {
    writeFileSync(index, page('second'));
    const later = new Date(Date.now() + 5_000);
    utimesSync(index, later, later);
    expect(brotliDecompressSync(await bytes(await get('br'))).toString()).toBe(page('second'));
  });

  it('answers 503 with a hint while the app is not built', async () => {
    const bare = new OpenAPIHono<AppEnv>();
    serveWeb(bare, quiet, path.join(root, 'missing'));
    const response = await bare.request('/');
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build');
  });
});
