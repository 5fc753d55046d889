import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeTenant } from '../../test/factories.ts';

describe('the HTTP pipeline', () => {
  let t: TestApp;
  let tenantId: number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ tenantId } = await makeTenant(t.db));
  });
  afterAll(() => t.close());

  it('answers health and readiness', async () => {
    expect((await t.request('/healthz')).status).toBe(200);
    const ready = await t.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok' });
  });

  it('compresses API answers for clients that accept gzip, and only for them', async () => {
    const plain = await t.request(`/api/v1/tenant?id=${tenantId}`);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const json = await plain.json();
    const zipped = await t.request(`/api/v1/tenant?id=${tenantId}`, {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const body = gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString();
    expect(JSON.parse(body)).toEqual(json);
  });

  it('puts the security headers on API answers, errors included', async () => {
    for (const path of [`/api/v1/roles?tenant_id=${tenantId}`, '/api/v1/nothing-here']) {
      const res = await t.request(path);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    }
  });

  it('adds HSTS only in production', async () => {
    expect((await t.request('/healthz')).headers.get('strict-transport-security')).toBeNull();
  });

  it('answers unknown API routes with JSON 404, never the web app', async () => {
    const res = await t.request('/api/v1/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND', status: 404, details: [] });
  });

  it('refuses a state-changing request from a foreign Origin with 403', async () => {
    const res = await t.request('/api/v1/tenant', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses a cross-site fetch by its Sec-Fetch-Site header', async () => {
    const res = await t.request('/api/v1/tenant', {
      method: 'DELETE',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(403);
  });

  it('lets the public URL and its 127.0.0.1 twin through the Origin check', async () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000']) {
      const res = await t.request('/api/v1/nothing', { method: 'POST', headers: { origin } });
      expect(res.status, origin).toBe(404);
    }
  });

  it('answers a body over 1 MiB with 413', async () => {
    const res = await t.request('/api/v1/anything', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ big: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
  });

  it('serves the OpenAPI 3.1 document with the routes declared so far', async () => {
    const res = await t.request('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/tenant',
      '/roles',
      '/terms',
      '/support',
      '/ip-status',
      '/schools',
      '/departments',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(`/api/v1${path}`);
    }
  });
});
