import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app.ts';
import { changedTables, fingerprint } from './fingerprint.ts';
import { loadOperations, type Operation, type Parameter, urlOf } from './operations.ts';
import {
  isAdministration,
  isPublic,
  PROVIDER_ADDRESSED,
  pathParamsOf,
  queryOf,
  requestOf,
} from './requests.ts';
import { ALPHA_MARK, makeWorld, type World } from './world.ts';

/**
 * Tenant isolation, generated over every documented route: another tenant's ids, filters and
 * tokens reach nothing of it.
 */

/** One server for the file; its group builds its own two tenants in it. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * An id no fixture has, within what the parameter accepts (role ids are smallint): what a route
 * answers for it is what "does not exist" looks like.
 */
const ghostId = (parameter: Parameter) =>
  Math.min(2_147_483_000, parameter.schema.maximum ?? Infinity);

/**
 * Routes that refuse every id but the caller's own with 403 (CONTRACT §3), whether or not the id
 * exists anywhere: their answer to another tenant's id must equal their answer to a ghost id.
 */
const OWN_ID_ONLY = new Set([
  'GET /api/v1/users/{id}',
  'PUT /api/v1/profiles/{id}',
  'POST /api/v1/profiles/{id}/photo',
  'PUT /api/v1/profiles/{id}/orcid',
  'POST /api/v1/profiles/{id}/imports',
  'GET /api/v1/profiles/{id}/imports',
  'POST /api/v1/profiles/{id}/imports/{cid}/accept',
  'POST /api/v1/profiles/{id}/imports/{cid}/reject',
  // The claim token must belong to {id}, else 403: Beta's token never belongs to Alpha's user.
  'PUT /api/v1/users/{id}/status',
]);

describe("tenant isolation: another tenant's objects do not exist, on every route", () => {
  let world: World;
  let operations: Operation[];

  beforeAll(async () => {
    world = await makeWorld(t);
    operations = await loadOperations(t);
  });

  const answer = async (url: string, init: RequestInit) => {
    const res = await t.request(url, init);
    return { status: res.status, text: await res.text() };
  };

  it('has a fixture for the path parameters of every documented route', () => {
    const missing = operations.flatMap((operation) => {
      try {
        pathParamsOf(operation, world.alpha);
        return [];
      } catch (error) {
        return [(error as Error).message];
      }
    });
    expect(missing).toEqual([]);
  });

  it("answers Beta's administrator and member 404 for Alpha's ids, as for ids that never existed", async () => {
    const { alpha, beta } = world;
    const problems: string[] = [];
    const before = await fingerprint(t.db);
    for (const operation of operations.filter(
      (o) => o.pathParams.length > 0 && !PROVIDER_ADDRESSED.has(o.key),
    )) {
      const callers = isPublic(operation) ? [undefined] : [beta.admin.cookie, beta.faculty.cookie];
      for (const cookie of callers) {
        const who = `${operation.key} as ${cookie === beta.admin.cookie ? 'admin' : cookie ? 'member' : 'anonymous'}`;
        const foreign = await requestOf(operation, { side: beta, target: alpha, cookie });
        const got = await answer(foreign.url, foreign.init);
        const ghostParams = Object.fromEntries(
          operation.pathParams.map((p) => [p.name, ghostId(p)]),
        );
        const ghostRequest = await requestOf(operation, { side: beta, cookie });
        const ghost = await answer(
          urlOf(operation, ghostParams, queryOf(operation, beta)),
          ghostRequest.init,
        );
        // A member is refused an administration call before any lookup: 403 whatever the id.
        const refusedAnyway =
          OWN_ID_ONLY.has(operation.key) ||
          (isAdministration(operation) && cookie !== beta.admin.cookie);
        const expected = refusedAnyway ? ghost.status : 404;
        if (got.status !== expected || got.status !== ghost.status) {
          problems.push(`${who}: ${got.status} for Alpha's id, ${ghost.status} for a ghost id`);
        }
        if (got.text.includes(ALPHA_MARK)) problems.push(`${who}: the answer holds Alpha's data`);
      }
    }
    // Every call above was refused; none may have written anything, anywhere.
    const changed = changedTables(before, await fingerprint(t.db));
    if (changed.length > 0) problems.push(`changed ${changed.join(', ')}`);
    expect(problems).toEqual([]);
  });

  it('names real objects in the fixtures: each read answers its own tenant', async () => {
    const { beta } = world;
    const problems: string[] = [];
    for (const operation of operations) {
      if (operation.method !== 'GET' || operation.pathParams.length === 0) continue;
      // An administration read answers its tenant's administrator.
      const cookie = isPublic(operation)
        ? undefined
        : isAdministration(operation)
          ? beta.admin.cookie
          : beta.faculty.cookie;
      const own = await requestOf(operation, { side: beta, cookie });
      const got = await answer(own.url, own.init);
      // Starting a single sign-on sends the browser on to the provider.
      const found = operation.key === 'GET /api/v1/auth/sso/{id}/start' ? 302 : 200;
      if (got.status !== found) problems.push(`${operation.key}: ${got.status} for Beta's own id`);
    }
    expect(problems).toEqual([]);
  });

  /** Query values that point at Alpha: its ids for every filter, its mark for every search. */
  const alphaQuery = (operation: Operation, asPublic: boolean) => {
    const { alpha, beta } = world;
    const query: Record<string, string | number> = {};
    for (const { name } of operation.query) {
      if (name === 'tenant_id') query[name] = asPublic ? beta.tenantId : alpha.tenantId;
      else if (name === 'token') query[name] = alpha.invitee.token;
      else if (name === 'domain') continue;
      else if (name === 'q') query[name] = ALPHA_MARK;
      else if (name === 'school_id') query[name] = alpha.schoolId;
      else if (name === 'department_id') query[name] = alpha.departmentId;
      else if (name === 'support_id') query[name] = alpha.supportId;
      else if (name === 'idea_owner_id' || name === 'user_id') query[name] = alpha.faculty.id;
    }
    return query;
  };

  it("never shows Beta anything of Alpha's, whatever tenant_id, filters or tokens name Alpha", async () => {
    const { beta } = world;
    const problems: string[] = [];
    for (const operation of operations.filter((o) => o.method === 'GET')) {
      const asPublic = isPublic(operation);
      const query = alphaQuery(operation, asPublic);
      const url = urlOf(operation, pathParamsOf(operation, beta), query);
      const headers: Record<string, string> = asPublic ? {} : { cookie: beta.admin.cookie };
      const got = await answer(url, { headers });
      if (got.status >= 500) problems.push(`${operation.key}: ${got.status}`);
      if (got.text.includes(ALPHA_MARK)) problems.push(`${operation.key}: shows Alpha's data`);
    }
    expect(problems).toEqual([]);
  });

  it('would see the mark where it is: Alpha reads its own data through the same calls', async () => {
    const { alpha } = world;
    const seen: string[] = [];
    for (const operation of operations.filter((o) => o.method === 'GET' && !isPublic(o))) {
      const url = urlOf(operation, pathParamsOf(operation, alpha), queryOf(operation, alpha));
      const got = await answer(url, { headers: { cookie: alpha.admin.cookie } });
      if (got.text.includes(ALPHA_MARK)) seen.push(operation.key);
    }
    expect(seen).toEqual(
      expect.arrayContaining([
        'GET /api/v1/ideas',
        'GET /api/v1/users',
        'GET /api/v1/schools',
        'GET /api/v1/ideas/{id}',
        'GET /api/v1/profiles/{id}',
      ]),
    );
  });
});
