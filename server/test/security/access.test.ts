import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHOR_PERMISSIONS, makeMember } from '../../src/ideas/test-fixtures.ts';
import { createTestApp, type TestApp } from '../app.ts';
import { changedTables, fingerprint } from './fingerprint.ts';
import { changesState, loadOperations, type Operation } from './operations.ts';
import { isAdministration, isPublic, permissionOf, requestOf } from './requests.ts';
import { makeWorld, type World } from './world.ts';

/**
 * Function- and object-level authorisation, generated over every documented route: each declares
 * its access, and holds to it.
 */

/** One server for the file; each group builds its own two tenants in it. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Writes to an object any member of the tenant may make, whoever owns it. */
const ANY_MEMBER_MAY = new Set([
  'POST /api/v1/ideas/{id}/follow',
  'DELETE /api/v1/ideas/{id}/unfollow',
  'POST /api/v1/ideas/{id}/comments',
  'POST /api/v1/ideas/{id}/interest',
]);

/** Objects that only their member knows of: another member's id is answered 404, not 403. */
const HIDDEN_FROM_OTHERS = new Set([
  'DELETE /api/v1/auth/sessions/{id}',
  'PUT /api/v1/auth/passkeys/{id}',
  'DELETE /api/v1/auth/passkeys/{id}',
]);

/**
 * CONTRACT §3's calls open to anyone (some with a claim token). The suite proves each route's
 * declared access; this list is the contract's, to catch a route declared more open than it says.
 */
const CONTRACT_PUBLIC = [
  'GET /api/v1/tenant',
  'GET /api/v1/roles',
  'GET /api/v1/terms',
  'GET /api/v1/verify-token',
  'PUT /api/v1/users/{id}/status',
  'POST /api/v1/request-invitation',
  'POST /api/v1/auth/sign-in',
  'POST /api/v1/auth/sign-in/mfa',
  // Passkey ceremonies (issue 20, the team's to design in CONTRACT §11's style): before signing in.
  'POST /api/v1/auth/passkeys/sign-in-options',
  'POST /api/v1/auth/sign-in/passkey',
  'POST /api/v1/auth/sign-in/mfa/passkey-options',
  'POST /api/v1/auth/sign-in/mfa/passkey',
  'POST /api/v1/auth/forgot-password',
  'POST /api/v1/auth/reset-password',
  'POST /api/v1/auth/claim',
  'GET /api/v1/auth/providers',
  'GET /api/v1/auth/sso/{id}/start',
  'GET /api/v1/auth/sso/oidc/callback',
  'GET /api/v1/auth/sso/saml/{id}/metadata',
  'POST /api/v1/auth/sso/saml/{id}/acs',
  'POST /api/v1/unsubscribe',
];

describe('every route declares who may call it', () => {
  let operations: Operation[];

  beforeAll(async () => {
    operations = await loadOperations(t);
  });

  it('declares access on every documented route', () => {
    const undeclared = operations.filter((o) => o.access === undefined).map((o) => o.key);
    expect(undeclared).toEqual([]);
  });

  it('declares what CONTRACT says: administration needs admin, and only its public calls are public', () => {
    const problems = operations.flatMap((o) => {
      const underAdmin = o.path.startsWith('/api/v1/admin/');
      if (underAdmin !== isAdministration(o)) return [`${o.key}: ${JSON.stringify(o.access)}`];
      if (isPublic(o) !== CONTRACT_PUBLIC.includes(o.key)) return [`${o.key}: ${o.access}`];
      return [];
    });
    expect(problems).toEqual([]);
  });
});

describe('function- and object-level authorisation on every route', () => {
  let world: World;
  let operations: Operation[];
  /** A second author in Alpha, with every member permission, who owns none of the fixtures. */
  let peer: string;

  beforeAll(async () => {
    world = await makeWorld(t);
    operations = await loadOperations(t);
    peer = (
      await makeMember(t, world.alpha.tenantId, {
        roleId: 2,
        permissions: [...AUTHOR_PERMISSIONS, 'invite_user'],
      })
    ).cookie;
  });

  /** Sends the operation and answers its status and error code. */
  const attempt = async (operation: Operation, cookie?: string) => {
    const { url, init } = await requestOf(operation, { side: world.alpha, cookie });
    const res = await t.request(url, init);
    const body = (await res.json().catch(() => null)) as { code?: string } | null;
    return { status: res.status, code: body?.code };
  };

  /** Runs `calls`, all of them refusals, and adds to `problems` any table they changed. */
  const unchanged = async (
    problems: string[],
    calls: () => Promise<void>,
    allowed: readonly string[] = [],
  ) => {
    const before = await fingerprint(t.db);
    await calls();
    const changed = changedTables(before, await fingerprint(t.db)).filter(
      (table) => !allowed.includes(table),
    );
    if (changed.length > 0) problems.push(`changed ${changed}`);
  };

  it('answers 401 UNAUTHORIZED without a session on every call outside the public set, changing nothing', async () => {
    const problems: string[] = [];
    await unchanged(problems, async () => {
      for (const operation of operations.filter((o) => !isPublic(o))) {
        const got = await attempt(operation);
        if (got.status !== 401 || got.code !== 'UNAUTHORIZED') {
          problems.push(`${operation.key}: ${got.status} ${got.code}`);
        }
      }
    });
    expect(problems).toEqual([]);
  });

  it('refuses every administration call to members without `admin`, however many other permissions they hold', async () => {
    const problems: string[] = [];
    const { faculty, student } = world.alpha;
    await unchanged(problems, async () => {
      for (const operation of operations.filter(isAdministration)) {
        for (const [who, cookie] of [
          ['faculty', faculty.cookie],
          ['student', student.cookie],
        ] as const) {
          const got = await attempt(operation, cookie);
          if (got.status !== 403) problems.push(`${operation.key} as ${who}: ${got.status}`);
        }
      }
    });
    expect(problems).toEqual([]);
  });

  it('refuses every call that declares a permission to a member without it', async () => {
    const problems: string[] = [];
    const targets = operations.filter((o) => permissionOf(o) !== null && !isAdministration(o));
    expect(targets.length).toBeGreaterThan(0);
    await unchanged(problems, async () => {
      for (const operation of targets) {
        const got = await attempt(operation, world.alpha.student.cookie);
        if (got.status !== 403 || got.code !== 'FORBIDDEN') {
          problems.push(`${operation.key} without ${permissionOf(operation)}: ${got.status}`);
        }
      }
    });
    expect(problems).toEqual([]);
  });

  it("refuses a member's writes to another member's objects in the same tenant", async () => {
    const problems: string[] = [];
    const targets = operations.filter(
      (o) =>
        changesState(o) &&
        o.pathParams.length > 0 &&
        !isPublic(o) &&
        !isAdministration(o) &&
        !ANY_MEMBER_MAY.has(o.key),
    );
    expect(targets.length).toBeGreaterThan(0);
    await unchanged(problems, async () => {
      for (const operation of targets) {
        const got = await attempt(operation, peer);
        const refused = HIDDEN_FROM_OTHERS.has(operation.key) ? 404 : 403;
        if (got.status !== refused) problems.push(`${operation.key}: ${got.status}`);
      }
    });
    expect(problems).toEqual([]);
  });

  it("reads another member's private details as 403: only one's own user record is answered", async () => {
    const operation = operations.find((o) => o.key === 'GET /api/v1/users/{id}');
    if (!operation) throw new Error('GET /users/{id} is no longer documented');
    expect((await attempt(operation, peer)).status).toBe(403);
    expect((await attempt(operation, world.alpha.faculty.cookie)).status).toBe(200);
  });

  it('changes nothing on any read, so a cross-site link (SameSite=Lax sends the cookie) cannot act', async () => {
    const problems: string[] = [];
    await unchanged(problems, async () => {
      for (const operation of operations.filter((o) => o.method === 'GET')) {
        const cookie = isPublic(operation) ? undefined : world.alpha.admin.cookie;
        const got = await attempt(operation, cookie);
        if (got.status >= 500) problems.push(`${operation.key}: ${got.status}`);
      }
      // Starting a single sign-on remembers its state for the provider's answer and acts on
      // nothing: a link may start it as the sign-in screen's button does.
    }, ['sso_requests']);
    expect(problems).toEqual([]);
  });
});
