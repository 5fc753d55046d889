import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHOR_PERMISSIONS, makeMember } from '../../src/ideas/test-fixtures.ts';
import { createTestApp, type TestApp } from '../app.ts';
import { changedTables, fingerprint } from './fingerprint.ts';
import { changesState, loadOperations, type Operation } from './operations.ts';
import { isAdministration, isPublic, makeWorld, requestOf, type World } from './world.ts';

/** The permission each member call needs (CONTRACT §3); administration calls all need `admin`. */
const NEEDS_PERMISSION: Record<string, string> = {
  'POST /api/v1/ideas': 'create_idea',
  'PUT /api/v1/ideas/{id}': 'update_idea',
  'DELETE /api/v1/ideas/{id}': 'delete_idea',
  'POST /api/v1/invite-user': 'invite_user',
};

/** Writes to an object any member of the tenant may make, whoever owns it. */
const ANY_MEMBER_MAY = new Set([
  'POST /api/v1/ideas/{id}/follow',
  'DELETE /api/v1/ideas/{id}/unfollow',
]);

describe('function- and object-level authorisation on every route', () => {
  let t: TestApp;
  let world: World;
  let operations: Operation[];
  /** A second author in Alpha, with every member permission, who owns none of the fixtures. */
  let peer: string;

  beforeAll(async () => {
    t = await createTestApp();
    world = await makeWorld(t);
    operations = await loadOperations(t);
    peer = (
      await makeMember(t, world.alpha.tenantId, {
        roleId: 2,
        permissions: [...AUTHOR_PERMISSIONS, 'invite_user'],
      })
    ).cookie;
  });
  afterAll(() => t.close());

  /** Sends the operation and answers its status, with the tables it changed. */
  const attempt = async (operation: Operation, cookie?: string) => {
    const before = await fingerprint(t.db);
    const { url, init } = await requestOf(operation, { side: world.alpha, cookie });
    const res = await t.request(url, init);
    const body = (await res.json().catch(() => null)) as { code?: string } | null;
    return {
      status: res.status,
      code: body?.code,
      changed: changedTables(before, await fingerprint(t.db)),
    };
  };

  it('answers 401 UNAUTHORIZED without a session on every call outside the public set, changing nothing', async () => {
    const problems: string[] = [];
    for (const operation of operations.filter((o) => !isPublic(o))) {
      const got = await attempt(operation);
      if (got.status !== 401 || got.code !== 'UNAUTHORIZED') {
        problems.push(`${operation.key}: ${got.status} ${got.code}`);
      }
      if (got.changed.length > 0) problems.push(`${operation.key}: changed ${got.changed}`);
    }
    expect(problems).toEqual([]);
  });

  it('refuses every administration call to members without `admin`, however many other permissions they hold', async () => {
    const problems: string[] = [];
    const { faculty, student } = world.alpha;
    for (const operation of operations.filter(isAdministration)) {
      for (const [who, cookie] of [
        ['faculty', faculty.cookie],
        ['student', student.cookie],
      ] as const) {
        const got = await attempt(operation, cookie);
        if (got.status !== 403) problems.push(`${operation.key} as ${who}: ${got.status}`);
        if (got.changed.length > 0)
          problems.push(`${operation.key} as ${who}: changed ${got.changed}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses member calls to a member without their permission', async () => {
    const problems: string[] = [];
    for (const [key, permission] of Object.entries(NEEDS_PERMISSION)) {
      const operation = operations.find((o) => o.key === key);
      if (!operation) {
        problems.push(`${key} is no longer documented`);
        continue;
      }
      const got = await attempt(operation, world.alpha.student.cookie);
      if (got.status !== 403) problems.push(`${key} without ${permission}: ${got.status}`);
      if (got.changed.length > 0) problems.push(`${key}: changed ${got.changed}`);
    }
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
    for (const operation of targets) {
      const got = await attempt(operation, peer);
      if (got.status !== 403) problems.push(`${operation.key}: ${got.status}`);
      if (got.changed.length > 0) problems.push(`${operation.key}: changed ${got.changed}`);
    }
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
    for (const operation of operations.filter((o) => o.method === 'GET')) {
      const cookie = isPublic(operation) ? undefined : world.alpha.admin.cookie;
      const got = await attempt(operation, cookie);
      if (got.status >= 500) problems.push(`${operation.key}: ${got.status}`);
      if (got.changed.length > 0) problems.push(`${operation.key}: changed ${got.changed}`);
    }
    expect(problems).toEqual([]);
  });
});
