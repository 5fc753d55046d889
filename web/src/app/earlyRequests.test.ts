import { afterEach, describe, expect, it, vi } from 'vitest';

async function loadWith(search: string) {
  vi.resetModules();
  window.history.replaceState(null, '', `/dashboard${search}`);
  const fetch = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetch);
  return { fetch, early: await import('./earlyRequests.ts') };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the early requests', () => {
  it('probe the session and ask for the tenant the address names, each taken once', async () => {
    const { fetch, early } = await loadWith('?tenant=%20Demo.Localhost%20');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/v1/auth/session?optional=true',
      '/api/v1/tenant?domain=demo.localhost',
    ]);
    expect(early.takeEarlyTenant('other.edu')).toBeUndefined();
    expect(early.takeEarlyTenant('demo.localhost')).toBeInstanceOf(Promise);
    expect(early.takeEarlyTenant('demo.localhost')).toBeUndefined();
    expect(early.takeEarlySession()).toBeInstanceOf(Promise);
    expect(early.takeEarlySession()).toBeUndefined();
  });

  it('leave a tenant the address does not name to the app, which may remember it', async () => {
    const { fetch, early } = await loadWith('');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(early.takeEarlyTenant('demo.localhost')).toBeUndefined();
  });
});
