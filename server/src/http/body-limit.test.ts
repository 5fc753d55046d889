import net, { type AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

// A listening server: the defect was in how a connection carries on after a refused body, which
// app.request() never sees.
let t: TestApp;
let server: ServerType;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const MiB = 1024 * 1024;
const oversized = JSON.stringify({ big: 'x'.repeat(2 * MiB) });

/** A body sent in chunks with no length, as a streaming client sends it. */
function chunked(text: string) {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 64 * 1024) {
        controller.enqueue(bytes.subarray(at, at + 64 * 1024));
      }
      controller.close();
    },
  });
}

const post = (body: BodyInit) =>
  fetch(`http://127.0.0.1:${port}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    duplex: 'half',
  } as RequestInit);

it('answers every body over the limit with 413, and the connection carries on', async () => {
  for (let i = 0; i < 6; i++) {
    const res = await post(oversized);
    expect(res.status, `request ${i + 1}`).toBe(413);
    expect(res.headers.get('connection'), `request ${i + 1}`).not.toBe('close');
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  }
  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
});

it('answers a chunked body over the limit with 413, again and again', async () => {
  for (let i = 0; i < 4; i++) {
    const res = await post(chunked(oversized));
    expect(res.status, `request ${i + 1}`).toBe(413);
    await res.body?.cancel();
  }
});

it('hands a chunked body under the limit to the route', async () => {
  const res = await post(chunked(JSON.stringify({ email: 'a\u0000@example.org', password: 'x' })));
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ details: [{ field: 'email' }] });
});

it('closes the connection after the 413 when the body is too large to read through', async () => {
  const socket = net.connect(port, '127.0.0.1');
  socket.write(
    'POST /api/v1/auth/sign-in HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${1024 * MiB}\r\n\r\n{"big":"`,
  );
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk;
  });
  await new Promise((resolve) => socket.on('close', resolve));
  expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  expect(answer).toMatch(/\r\nconnection: close\r\n/i);
});

it('limits the body before access and on a path that is no route, so each answer is its 413', async () => {
  for (const path of ['/api/v1/admin/users', '/api/v1/no-such-route']) {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: oversized,
      });
      expect(res.status, `${path} ${i + 1}`).toBe(413);
      expect(res.headers.get('connection'), `${path} ${i + 1}`).not.toBe('close');
      await res.body?.cancel();
    }
  }
});
