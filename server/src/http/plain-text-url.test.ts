import net, { type AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('refuses a NUL in a query parameter with 400, naming it', async () => {
  const res = await t.request('/api/v1/tenant?domain=%00');
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({
    code: 'BAD_REQUEST',
    status: 400,
    details: [{ field: 'domain', error: 'domain must be plain text.' }],
  });
});

it('refuses a NUL in a query parameter name, a path and a file path', async () => {
  for (const path of [
    '/api/v1/tenant?domain=x&a%00b=1',
    '/api/v1/ideas/1%00',
    '/uploads/photos/a%00.png',
    '/people/a%00b',
  ]) {
    const res = await t.request(path);
    expect(res.status, path).toBe(400);
    expect((await res.json()).code, path).toBe('BAD_REQUEST');
  }
});

it('leaves an encoded percent sign and other escapes alone', async () => {
  const res = await t.request('/api/v1/tenant?domain=%2500.example.org');
  expect(res.status).toBe(404);
});

it('never lets a NUL through a header: the HTTP parser refuses it first', async () => {
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  try {
    const socket = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
    socket.write(
      'GET /api/v1/tenant?domain=x HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 1\u00002\r\n\r\n',
    );
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    await new Promise((resolve) => socket.on('close', resolve));
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
