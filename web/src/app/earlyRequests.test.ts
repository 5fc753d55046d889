// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The early script at `/dashboard` + `search`, its session probe answering `sessionStatus`. */
async function loadWith(search: string, { path = '/dashboard', sessionStatus = 204 } = {}) {
  vi.resetModules();
  window.history.replaceState(null, '', `${path}${search}`);
  const fetch = vi.fn((url: string) =>
    Promise.resolve(
      url.startsWith('/api/v1/auth/session')
        ? new Response(sessionStatus === 200 ? '{"user":{"userId":7}}' : null, {
            status: sessionStatus,
          })
        : new Response('{}', { status: 200 }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return { fetch, early: await import('./earlyRequests.ts') };
}

const calledUrls = (fetch: { mock: { calls: unknown[][] } }) =>
  fetch.mock.calls.map(([url]) => url);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the early requests', () => {
  it('probe the session and ask for the tenant the address names, each taken once', async () => {
    const { fetch, early } = await loadWith('?tenant=%20Demo.Localhost%20');
    expect(calledUrls(fetch)).toEqual([
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

  it("ask for the opened screen's data once a member is signed in, each answer taken once", async () => {
    const { fetch, early } = await loadWith('?tenant=demo.localhost', {
      path: '/people',
      sessionStatus: 200,
    });
    expect(early.takeEarlyScreenData()).toBe(true);
    expect(early.takeEarlyScreenData()).toBe(false);
    const page = early.takeEarlyAnswer('/users?page=1&page_size=10&sort_order=asc');
    expect(await page).toBeInstanceOf(Response);
    expect(early.takeEarlyAnswer('/users?page=1&page_size=10&sort_order=asc')).toBeUndefined();
    expect(await early.takeEarlyAnswer('/users/count')).toBeInstanceOf(Response);
    expect(calledUrls(fetch)).toEqual([
      '/api/v1/auth/session?optional=true',
      '/api/v1/tenant?domain=demo.localhost',
      '/api/v1/users?page=1&page_size=10&sort_order=asc',
      '/api/v1/users/count',
    ]);
  });

  it("ask for the member's own profile on update profile, and for the idea an address names", async () => {
    for (const [path, asked] of [
      ['/update-profile', '/profiles/7'],
      ['/ideas/12', '/ideas/12'],
    ] as const) {
      const { fetch, early } = await loadWith('', { path, sessionStatus: 200 });
      expect(early.takeEarlyScreenData()).toBe(true);
      expect(await early.takeEarlyAnswer(asked)).toBeInstanceOf(Response);
      expect(await early.takeEarlyAnswer(asked)).toBeUndefined();
      expect(calledUrls(fetch)).toEqual(['/api/v1/auth/session?optional=true', `/api/v1${asked}`]);
    }
  });

  it('ask for no screen data for a visitor, who is sent to sign in', async () => {
    const { fetch, early } = await loadWith('', { path: '/profile/7' });
    expect(await early.takeEarlyAnswer('/profiles/7')).toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('leave the data of an address with filters or of an impossible profile to the app', async () => {
    for (const [path, search] of [
      ['/people', '?role_id=2'],
      ['/dashboard', '?page=2&tenant=demo.localhost'],
      ['/profile/0', ''],
      ['/profile/abc', ''],
      ['/ideas/0', ''],
    ] as const) {
      const { fetch, early } = await loadWith(search, { path, sessionStatus: 200 });
      expect(early.takeEarlyScreenData()).toBe(false);
      await Promise.resolve();
      expect(calledUrls(fetch).filter((url) => !String(url).includes('/auth/session'))).toEqual(
        search.includes('tenant') ? ['/api/v1/tenant?domain=demo.localhost'] : [],
      );
    }
  });
});
