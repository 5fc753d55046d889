import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowed, guardedFetch, urlAllowed } from './network.ts';

describe('requests to identity providers', () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === '/big') response.end(Buffer.alloc(3 * 1024 * 1024, 'x'));
      else if (request.url === '/moved') response.writeHead(302, { location: '/x' }).end();
      else response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('in production reach only public addresses by https', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(allowed('public', 'https:', address), address).toBe(false);
    }
    expect(allowed('public', 'https:', '93.184.216.34')).toBe(true);
    expect(allowed('public', 'http:', '93.184.216.34')).toBe(false);
    expect(urlAllowed('public', 'http://idp.uni.edu')).toBe(false);
    expect(urlAllowed('public', 'https://user:pw@idp.uni.edu')).toBe(false);
  });

  it('outside production and development allow the loopback address alone among local ones', () => {
    expect(allowed('loopback', 'http:', '127.0.0.1')).toBe(true);
    expect(allowed('loopback', 'http:', '10.0.0.1')).toBe(false);
    expect(allowed('loopback', 'https:', '169.254.169.254')).toBe(false);
    expect(allowed('open', 'http:', '10.0.0.1')).toBe(true);
  });

  it('checks the address connected to, after the name is resolved', async () => {
    const port = new URL(base).port;
    await expect(guardedFetch('public')(`https://localhost:${port}/`)).rejects.toThrow(
      /not an address a provider may have/,
    );
    await expect(guardedFetch('public')(`${base}/`)).rejects.toThrow(/not allowed/);
    expect(await (await guardedFetch('loopback')(`http://localhost:${port}/`)).text()).toBe('ok');
  });

  it('stops an answer over its size, and hands a redirect back unfollowed', async () => {
    await expect(guardedFetch('loopback')(`${base}/big`)).rejects.toThrow(/more than/);
    const moved = await guardedFetch('loopback')(`${base}/moved`);
    expect(moved.status).toBe(302);
  });
});
