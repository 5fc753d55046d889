import { or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ideas } from '../../src/db/schema-ideas.ts';
import { users } from '../../src/db/schema-people.ts';
import { AUTHOR_PERMISSIONS, makeMember } from '../../src/ideas/test-fixtures.ts';
import { createTestApp, type TestApp } from '../app.ts';
import { TEST_PASSWORD } from '../factories.ts';
import { changedTables, fingerprint } from './fingerprint.ts';
import {
  changesState,
  loadOperations,
  type Operation,
  type Parameter,
  urlOf,
} from './operations.ts';
import {
  ALPHA_MARK,
  isAdministration,
  isPublic,
  jsonBodyOf,
  makeWorld,
  PROVIDER_ADDRESSED,
  pathParamsOf,
  permissionOf,
  queryOf,
  requestOf,
  type World,
} from './world.ts';

/**
 * Access control, generated over every documented route: tenant isolation, function- and
 * object-level authorisation, and mass assignment. One file, so the server is loaded once.
 */

/** One server for the file; each group below builds its own two tenants in it. */
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

/**
 * Keys a client might add to take what it should not: privileges, statuses, another tenant,
 * another owner, and prototype keys. A key the body's schema declares is real input and is left out.
 */
function hostileExtras(world: World): Record<string, unknown> {
  const { alpha, beta } = world;
  const extras: Record<string, unknown> = {
    permissions: ['admin', 'invite_user'],
    is_admin: true,
    admin: true,
    tenant_id: beta.tenantId,
    admin_status_id: 2,
    user_status_id: 2,
    is_disabled: false,
    id: alpha.admin.id,
    user_id: alpha.admin.id,
    account_id: 1,
    principal_investigator_id: alpha.admin.id,
    case_manager_id: alpha.admin.id,
    invited_user_id: alpha.admin.id,
    created_by: alpha.admin.id,
    password_hash: 'not-a-hash',
    subject: 'forged-subject',
    constructor: { prototype: { polluted: true } },
  };
  // JSON.parse makes "__proto__" an own key, as it arrives from the wire.
  Object.defineProperty(extras, '__proto__', {
    value: { polluted: true, permissions: ['admin'] },
    enumerable: true,
  });
  return extras;
}

/** Bodies that succeed where the shared fixture is built to be refused (a wrong password, say). */
const succeeding: Record<string, (world: World) => Record<string, unknown>> = {
  'POST /api/v1/auth/sign-in': (w) => ({ password: TEST_PASSWORD, email: w.alpha.faculty.email }),
  'POST /api/v1/auth/forgot-password': (w) => ({ email: w.alpha.faculty.email }),
  'PUT /api/v1/auth/password': () => ({
    current_password: TEST_PASSWORD,
    new_password: 'Changed!Pass1',
  }),
};

/**
 * Calls that cannot succeed from fixtures alone: the mailed code, an accepted invitation, an
 * import (it reads ORCID, Crossref or OpenAlex; scholarly/imports.test.ts runs them on fakes), a
 * code from an authenticator app (mfa/mfa.test.ts sets one up), an erasure (privacy/privacy.test.ts
 * erases members of its own), a passkey's signature (its ceremonies also need the tenant's own
 * host: passkeys/*.test.ts run them with an authenticator).
 */
const REFUSED_ANYWAY = new Set([
  'POST /api/v1/auth/reset-password',
  'POST /api/v1/auth/claim',
  'POST /api/v1/profiles/{id}/imports',
  'POST /api/v1/auth/sign-in/mfa',
  'POST /api/v1/auth/mfa/totp/enable',
  'DELETE /api/v1/auth/mfa/totp',
  'DELETE /api/v1/me',
  'POST /api/v1/auth/passkeys/registration-options',
  'POST /api/v1/auth/passkeys',
  // The fixture passkey is the student's (world.ts), and the suite's caller here is faculty.
  'PUT /api/v1/auth/passkeys/{id}',
  'DELETE /api/v1/auth/passkeys/{id}',
  'POST /api/v1/auth/passkeys/sign-in-options',
  'POST /api/v1/auth/sign-in/passkey',
  'POST /api/v1/auth/sign-in/mfa/passkey-options',
  'POST /api/v1/auth/sign-in/mfa/passkey',
]);

const PRIVILEGED = sql`${users.id}, ${users.tenantId}, ${users.permissions}, ${users.adminStatusId}, ${users.userStatusId}, ${users.isDisabled}, ${users.roleId}`;

interface Privileges {
  id: number;
  tenant_id: number;
  permissions: string[];
  admin_status_id: number;
  user_status_id: number;
  is_disabled: boolean;
  role_id: number;
}

describe('mass assignment: extra keys in a body are ignored on every route', () => {
  let world: World;
  let operations: Operation[];

  beforeAll(async () => {
    world = await makeWorld(t);
    operations = await loadOperations(t);
  });

  const privileges = async () => {
    const result = (await t.db.execute(sql`select ${PRIVILEGED} from ${users}`)) as unknown as {
      rows: Privileges[];
    };
    return new Map(result.rows.map((row) => [row.id, row]));
  };

  it('grants no privilege, status, tenant or ownership and pollutes no prototype', async () => {
    const { alpha, beta } = world;
    const problems: string[] = [];
    const targets = operations.filter(
      (o) => changesState(o) && o.body?.contentType === 'application/json',
    );
    expect(targets.length).toBeGreaterThan(10);
    for (const operation of targets) {
      const cookie = isPublic(operation)
        ? undefined
        : isAdministration(operation)
          ? alpha.admin.cookie
          : alpha.faculty.cookie;
      const declared = operation.body?.schema.properties ?? {};
      const body = { ...jsonBodyOf(operation, alpha), ...succeeding[operation.key]?.(world) };
      for (const [key, descriptor] of Object.entries(
        Object.getOwnPropertyDescriptors(hostileExtras(world)),
      )) {
        // A public call names its tenant in the query too; a second, different one is a 400.
        if (key in declared || (key === 'tenant_id' && isPublic(operation))) continue;
        Object.defineProperty(body, key, { ...descriptor, enumerable: true });
      }
      const target = pathParamsOf(operation, alpha).id;
      const before = await privileges();
      const betaBefore = await fingerprint(t.db, beta.tenantId);
      const res = await t.request(
        urlOf(operation, pathParamsOf(operation, alpha), queryOf(operation, alpha)),
        {
          method: operation.method,
          headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
          body: JSON.stringify(body),
        },
      );
      const after = await privileges();
      const who = `${operation.key} (${res.status})`;
      if (res.status >= 500) problems.push(`${who}: server error`);
      if (res.status >= 400 && !REFUSED_ANYWAY.has(operation.key)) {
        problems.push(`${who}: the valid body was refused`);
      }
      const betaChanged = changedTables(betaBefore, await fingerprint(t.db, beta.tenantId));
      if (betaChanged.length > 0) problems.push(`${who}: wrote to Beta's ${betaChanged}`);
      for (const [id, now] of after) {
        const was = before.get(id);
        if (!was) {
          if (now.permissions.includes('admin'))
            problems.push(`${who}: new user ${id} is an admin`);
          if (now.tenant_id !== alpha.tenantId)
            problems.push(`${who}: new user ${id} in tenant ${now.tenant_id}`);
          if (!isAdministration(operation) && now.admin_status_id !== 1) {
            problems.push(`${who}: new user ${id} approved without an administrator`);
          }
          if (now.user_status_id !== 1)
            problems.push(`${who}: new user ${id} accepted for its invitee`);
        } else if (id !== target && JSON.stringify(now) !== JSON.stringify(was)) {
          problems.push(
            `${who}: user ${id} changed from ${JSON.stringify(was)} to ${JSON.stringify(now)}`,
          );
        } else if (now.permissions.includes('admin') && !was.permissions.includes('admin')) {
          problems.push(`${who}: user ${id} was made an admin`);
        }
      }
      const probe = {} as Record<string, unknown>;
      if (probe.polluted !== undefined || probe.permissions !== undefined) {
        problems.push(`${who}: Object.prototype polluted`);
      }
    }
    const stolen = await t.db
      .select({ id: ideas.id })
      .from(ideas)
      .where(
        or(
          sql`${ideas.principalInvestigatorId} = ${alpha.admin.id}`,
          sql`${ideas.caseManagerId} = ${alpha.admin.id}`,
        ),
      );
    if (stolen.length > 0)
      problems.push(`ideas ${stolen.map((i) => i.id)} were given to the admin`);
    expect(problems).toEqual([]);
  });
});
