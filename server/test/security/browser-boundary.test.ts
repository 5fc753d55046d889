import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema-people.ts';
import { bindTenant } from '../../src/db/tenant-scope.ts';
import { createTestApp, type TestApp } from '../app.ts';
import { jsonInit, makeTenant, TEST_PASSWORD } from '../factories.ts';
import { changedTables, fingerprint } from './fingerprint.ts';
import { changesState, loadOperations, type Operation } from './operations.ts';
import { isPublic, PROVIDER_ADDRESSED, requestOf, TOKEN_ADDRESSED, tinyPng } from './requests.ts';
import { makeWorld, type World } from './world.ts';

const EVIL = 'https://evil.example';

/** The headers CONTRACT §5 and the pipeline put on every answer, whatever produced it. */
function missingHeaders(res: Response, path: string): string[] {
  const problems: string[] = [];
  const header = (name: string) => res.headers.get(name) ?? '';
  if (header('x-content-type-options') !== 'nosniff') problems.push('nosniff');
  if (header('x-frame-options') !== 'DENY') problems.push('X-Frame-Options');
  if (header('referrer-policy') !== 'strict-origin-when-cross-origin')
    problems.push('Referrer-Policy');
  const csp = header('content-security-policy');
  if (!csp.includes("frame-ancestors 'none'") || !/script-src 'self'(;|$)/.test(csp)) {
    problems.push(`CSP ${csp}`);
  }
  if (path.startsWith('/api/') && header('cache-control') !== 'no-store') problems.push('no-store');
  if (res.headers.has('x-powered-by') || res.headers.has('server'))
    problems.push('names its software');
  if (header('access-control-allow-origin') || header('access-control-allow-credentials')) {
    problems.push('CORS allowance');
  }
  return problems.map((p) => `${res.status} ${path}: ${p}`);
}

describe('the browser boundary: CSRF, CORS, security headers, cookies and sessions', () => {
  let t: TestApp;
  let world: World;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp();
    world = await makeWorld(t);
    operations = await loadOperations(t);
  });
  afterAll(() => t.close());

  const cookieFor = (operation: Operation) =>
    isPublic(operation) ? undefined : world.alpha.admin.cookie;

  describe('cross-site request forgery', () => {
    /** Sends every state-changing call with the headers; answers the non-403s and what changed. */
    const forge = async (headers: Record<string, string>, only?: string) => {
      const problems: string[] = [];
      const before = await fingerprint(t.db);
      for (const operation of operations.filter(
        (o) =>
          changesState(o) &&
          !PROVIDER_ADDRESSED.has(o.key) &&
          !TOKEN_ADDRESSED.has(o.key) &&
          (!only || o.key === only),
      )) {
        const { url, init } = await requestOf(operation, {
          side: world.alpha,
          cookie: cookieFor(operation),
          headers,
        });
        const res = await t.request(url, init);
        if (res.status !== 403) problems.push(`${operation.key}: ${res.status}`);
      }
      const changed = changedTables(before, await fingerprint(t.db));
      if (changed.length > 0) problems.push(`changed ${changed}`);
      return problems;
    };

    it('refuses every state-changing call from a foreign Origin with 403, changing nothing', async () => {
      expect(await forge({ origin: EVIL })).toEqual([]);
    });

    it('refuses every state-changing call marked Sec-Fetch-Site: cross-site, without Origin', async () => {
      expect(await forge({ 'sec-fetch-site': 'cross-site' })).toEqual([]);
    });

    it('refuses Origin null (sandboxed and file pages) and a sibling origin on another port', async () => {
      for (const origin of [
        'null',
        'http://localhost:4000',
        'http://localhost.evil.example:3000',
      ]) {
        expect(await forge({ origin }, 'POST /api/v1/ideas'), origin).toEqual([]);
      }
    });

    it('takes no JSON body sent as a form would (text/plain needs no preflight), changing nothing', async () => {
      const problems: string[] = [];
      const before = await fingerprint(t.db);
      for (const operation of operations.filter(
        (o) => changesState(o) && o.body?.contentType === 'application/json',
      )) {
        const { url, init } = await requestOf(operation, {
          side: world.alpha,
          cookie: cookieFor(operation),
        });
        const headers = {
          ...(init.headers as Record<string, string>),
          'content-type': 'text/plain',
        };
        const res = await t.request(url, { ...init, headers });
        if (res.status < 400 || res.status >= 500) problems.push(`${operation.key}: ${res.status}`);
      }
      const changed = changedTables(before, await fingerprint(t.db));
      if (changed.length > 0) problems.push(`changed ${changed}`);
      expect(problems).toEqual([]);
    });
  });

  it('grants no cross-origin read on any route, for a simple request or a preflight', async () => {
    const problems: string[] = [];
    for (const operation of operations) {
      const { url, init } = await requestOf(operation, {
        side: world.alpha,
        cookie: cookieFor(operation),
      });
      const headers = { ...(init.headers as Record<string, string>), origin: EVIL };
      const simple = await t.request(url, { ...init, headers });
      const preflight = await t.request(url, {
        method: 'OPTIONS',
        headers: {
          origin: EVIL,
          'access-control-request-method': operation.method,
          'access-control-request-headers': 'content-type',
        },
      });
      for (const res of [simple, preflight]) {
        if (
          res.headers.has('access-control-allow-origin') ||
          res.headers.has('access-control-allow-credentials')
        ) {
          problems.push(`${operation.key}: ${res.status} allows ${EVIL}`);
        }
      }
      if (preflight.status < 400) problems.push(`${operation.key}: preflight ${preflight.status}`);
    }
    expect(problems).toEqual([]);
  });

  describe('security headers', () => {
    it('are on the answer of every route, signed in or not, errors included', async () => {
      const problems: string[] = [];
      for (const operation of operations) {
        for (const cookie of [undefined, world.alpha.student.cookie]) {
          const { url, init } = await requestOf(operation, { side: world.alpha, cookie });
          problems.push(...missingHeaders(await t.request(url, init), url));
        }
      }
      expect(problems).toEqual([]);
    });

    it('are on pages, files, health checks, unknown paths and refusals too', async () => {
      const { faculty } = world.alpha;
      const form = new FormData();
      form.append(
        'file',
        new File([new Uint8Array(await tinyPng())], 'me.png', { type: 'image/png' }),
      );
      const uploaded = await t.request(`/api/v1/profiles/${faculty.id}/photo`, {
        method: 'POST',
        headers: { cookie: faculty.cookie },
        body: form,
      });
      expect(uploaded.status).toBe(200);
      const photo = new URL((await uploaded.json()).profile_image_url, 'http://x').pathname;
      const answers: [string, RequestInit?][] = [
        ['/'],
        ['/people/42'],
        ['/index.html'],
        ['/healthz'],
        ['/readyz'],
        ['/api/v1/openapi.json'],
        ['/api/v1/no-such-route'],
        ['/api/v1/no-such-route', { method: 'POST', headers: { origin: EVIL } }],
        ['/api', { method: 'DELETE' }],
        ['/uploads/'],
        ['/uploads/no-such-file.jpg'],
        [photo],
        ['/dev/mail'],
        [
          '/api/v1/auth/sign-in',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: 'x'.repeat(1_100_000),
          },
        ],
      ];
      const problems: string[] = [];
      for (const [path, init] of answers)
        problems.push(...missingHeaders(await t.request(path, init), path));
      expect(problems).toEqual([]);
    });
  });

  describe('session cookie and session lifecycle', () => {
    const signIn = (headers: Record<string, string> = {}) =>
      t.request('/api/v1/auth/sign-in', {
        ...jsonInit('POST', {
          email: world.alpha.faculty.email,
          password: TEST_PASSWORD,
          tenant_id: world.alpha.tenantId,
        }),
        headers: { 'content-type': 'application/json', ...headers },
      });
    const sessionOf = async (cookie: string) =>
      (await t.request('/api/v1/auth/session', { headers: { cookie } })).status;

    it('is HttpOnly, SameSite=Lax, host-only and for the whole site; Secure in production with HSTS', async () => {
      const production = await createTestApp({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://kindling.example',
      });
      try {
        const tenant = await makeTenant(production.db);
        const res = await production.request(
          '/api/v1/auth/sign-in',
          jsonInit('POST', {
            email: `admin@${tenant.domain}`,
            password: TEST_PASSWORD,
            tenant_id: tenant.tenantId,
          }),
        );
        expect(res.status).toBe(200);
        const attributes = (res.headers.get('set-cookie') ?? '').split(/;\s*/).slice(1);
        expect(attributes).toEqual(
          expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/', 'Secure']),
        );
        expect(attributes.some((a) => /^domain=/i.test(a))).toBe(false);
        expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{8,}/);
        expect((await production.request('/dev/mail.json')).status).toBe(404);
      } finally {
        await production.close();
      }
    });

    it('never adopts a session id the browser brought: a planted cookie is replaced and stays dead', async () => {
      const planted = `kindling_session=${'a'.repeat(43)}`;
      const res = await signIn({ cookie: planted });
      expect(res.status).toBe(200);
      const issued = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      expect(issued).not.toBe(planted);
      expect(issued).toMatch(/^kindling_session=[A-Za-z0-9_-]{40,}$/);
      expect(await sessionOf(planted)).toBe(401);
      expect(await sessionOf(issued)).toBe(200);
    });

    it('reads the session from the cookie only: not from the query, a bearer header or an overlong cookie', async () => {
      const issued = ((await signIn()).headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const token = issued.slice('kindling_session='.length);
      expect((await t.request(`/api/v1/auth/session?kindling_session=${token}`)).status).toBe(401);
      expect(
        (await t.request('/api/v1/auth/session', { headers: { authorization: `Bearer ${token}` } }))
          .status,
      ).toBe(401);
      expect(await sessionOf(`kindling_session=${'b'.repeat(5000)}`)).toBe(401);
    });

    it('once signed out, the old cookie opens no route at all', async () => {
      const issued = ((await signIn()).headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const out = await t.request('/api/v1/auth/sign-out', {
        method: 'POST',
        headers: { cookie: issued },
      });
      expect(out.status).toBe(200);
      const problems: string[] = [];
      for (const operation of operations.filter((o) => !isPublic(o))) {
        const { url, init } = await requestOf(operation, { side: world.alpha, cookie: issued });
        const res = await t.request(url, init);
        if (res.status !== 401) problems.push(`${operation.key}: ${res.status}`);
      }
      expect(problems).toEqual([]);
    });

    it('ends every session of a member the moment they are disabled', async () => {
      const issued = ((await signIn()).headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      expect(await sessionOf(issued)).toBe(200);
      const { tenantId, faculty } = world.alpha;
      const setDisabled = (isDisabled: boolean) =>
        t.db.transaction(async (tx) => {
          await bindTenant(tx, tenantId);
          await tx.update(users).set({ isDisabled }).where(eq(users.id, faculty.id));
        });
      await setDisabled(true);
      try {
        expect(await sessionOf(issued)).toBe(401);
        expect(await sessionOf(faculty.cookie)).toBe(401);
      } finally {
        await setDisabled(false);
      }
    });
  });
});
