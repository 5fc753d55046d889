import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeTenant } from '../../test/factories.ts';

// A listening server: there the pipeline's headers go on Node's response, which app.request()
// never has (answer-headers.ts).
let t: TestApp;
let server: ServerType;
let base: string;
let tenantId: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId } = await makeTenant(t.db));
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

it('puts the security headers and the request id on every answer, once each', async () => {
  const answers = [
    ['/healthz', 200],
    [`/api/v1/tenant?tenant_id=${tenantId}`, 200],
    ['/api/v1/tenant', 400],
    ['/api/v1/nothing-here', 404],
  ] as const;
  for (const [path, status] of answers) {
    const res = await fetch(`${base}${path}`);
    expect(res.status, path).toBe(status);
    expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-request-id'), path).toMatch(/^[0-9a-f-]{36}$/);
    const api = path.startsWith('/api/');
    expect(res.headers.get('cache-control'), path).toBe(api ? 'no-store' : null);
    expect(res.headers.get('vary'), path).toBe(api ? 'Accept-Encoding' : null);
  }
});

it('compresses for a client that asks, with the same headers', async () => {
  const res = await fetch(`${base}/api/v1/tenant?tenant_id=${tenantId}`, {
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(res.headers.get('content-encoding')).toBe('gzip');
  expect(res.headers.get('vary')).toBe('Accept-Encoding');
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  expect((await res.json()).id).toBe(tenantId);
});
