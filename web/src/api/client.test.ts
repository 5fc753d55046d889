import { catalogueMessages } from '@kindling/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, toQueryString } from './client.ts';

function answer(status: number, body?: unknown, statusText = ''): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('toQueryString', () => {
  it('leaves out absent values and joins lists with commas', () => {
    expect(
      toQueryString({ page: 2, q: '', school_id: null, x: undefined, support_id: [1, 3], ids: [] }),
    ).toBe('?page=2&support_id=1%2C3');
    expect(toQueryString({})).toBe('');
  });
});

describe('api', () => {
  it('calls /api/v1 on this origin with the session cookie and a JSON body', async () => {
    const fetch = vi.fn().mockResolvedValue(answer(201, { id: 7 }));
    vi.stubGlobal('fetch', fetch);

    await expect(api.post('/ideas', { body: { title: 'A' } })).resolves.toEqual({ id: 7 });

    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/ideas');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: '{"title":"A"}',
    });
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('reads the answer of a request already sent instead of sending it again', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const body = { code: 'NOT_FOUND', message: 'No such tenant', status: 404, details: [] };

    await expect(
      api.get('/tenant', { query: { domain: 'x' }, sent: Promise.resolve(answer(200, { id: 1 })) }),
    ).resolves.toEqual({ id: 1 });
    await expect(
      api.get('/tenant', { query: { domain: 'x' }, sent: Promise.resolve(answer(404, body)) }),
    ).rejects.toMatchObject(body);
    await expect(
      api.get('/tenant', { sent: Promise.reject(new TypeError('Failed to fetch')) }),
    ).rejects.toMatchObject({ code: 'ERR_NETWORK' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("rejects an HTTP failure with the server's error body", async () => {
    const body = { code: 'NOT_FOUND', message: 'No such tenant', status: 404, details: [] };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(404, body)));
    await expect(api.get('/tenant', { query: { domain: 'x' } })).rejects.toMatchObject(body);
  });

  it('rejects an HTTP failure without a body with the catalogue fallback', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(502, undefined, 'Bad Gateway')));
    await expect(api.get('/ideas')).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: catalogueMessages.BAD_GATEWAY,
      status: 502,
    });
  });

  it('rejects a network failure with ERR_NETWORK', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/ideas')).rejects.toMatchObject({
      code: 'ERR_NETWORK',
      message: catalogueMessages.ERR_NETWORK,
      status: 0,
      details: [],
    });
  });

  it('rejects an unreadable success answer with UNKNOWN_ERROR', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('not json', { status: 200 })));
    await expect(api.get('/ideas')).rejects.toMatchObject({ code: 'UNKNOWN_ERROR' });
  });

  it("lets a caller's abort through untouched", async () => {
    const abort = new DOMException('aborted', 'AbortError');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(abort));
    await expect(api.get('/ideas')).rejects.toBe(abort);
  });
});
