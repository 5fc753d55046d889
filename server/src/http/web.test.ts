import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { OpenAPIHono } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../context.ts';
import { registerStatic } from './web.ts';

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
