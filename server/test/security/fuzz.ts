import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app.ts';
import { sessionCookie, TEST_PASSWORD } from '../factories.ts';
import { type FuzzRequest, type Hints, requestArb } from './arbitraries.ts';
import { changedTables, fingerprint } from './fingerprint.ts';
import { loadOperations, type Operation } from './operations.ts';
import { isPublic, pathParamsOf } from './requests.ts';
import { makeWorld, type World } from './world.ts';

/**
 * Runs per operation. Each run is one request and one fingerprint (together 20–30 ms on PGlite);
 * 12 runs over ~30 operations per file keep each fuzz file near 10 s on two shared cores. Seeds
 * differ on every run, so coverage adds up across runs, and the deterministic sweep in
 * boundaries.test.ts pins the edges where fuzzing found bugs. FUZZ_RUNS=200 makes a deeper local
 * hunt; a failure prints the seed and path that replay it.
 */
const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 12);

/** What an answer must never show: a stack frame, a file path, SQL or a driver's words. */
const LEAKS = [
  /\bat .+\.(ts|js|mjs):\d+/,
  /node_modules/,
  /\bselect\b.+\bfrom\b/i,
  /\binsert into\b/i,
  /syntax error/i,
  /violates .+ constraint/i,
  /duplicate key/i,
  /relation "/i,
  /column "/i,
  /pglite|postgres|drizzle/i,
  /ZodError|TypeError|RangeError|ReferenceError|SyntaxError/,
  /Cannot read propert/i,
];

/** Calls that may end the fuzz's own session: signing out, or ending a session by its id. */
const SIGNS_OUT = new Set(['POST /api/v1/auth/sign-out', 'DELETE /api/v1/auth/sessions/{id}']);

/** 4xx answers that rightly write: a wrong reset code is counted, and the fifth voids it. */
const WRITES_ON_REFUSAL: Record<string, string[]> = {
  'POST /api/v1/auth/reset-password': ['user_tokens'],
};

/**
 * Reads that may write, as access.test.ts allows: starting a single sign-on remembers its request
 * for the provider's answer (docs/decisions/0031), whenever a run names a provider and its tenant.
 */
const WRITES_ON_READ: Record<string, string[]> = {
  'GET /api/v1/auth/sso/{id}/start': ['sso_requests'],
};

function hintsOf(world: World): Hints {
  const { alpha, beta } = world;
  return {
    tenant_id: [alpha.tenantId, beta.tenantId],
    school_id: [alpha.schoolId],
    department_id: [alpha.departmentId],
    support_id: [alpha.supportId],
    ip_status_id: [alpha.ipStatusId],
    role_id: [1, 2, alpha.roleId],
    user_id: [alpha.faculty.id],
    idea_owner_id: [alpha.faculty.id],
    email: [alpha.faculty.email, alpha.admin.email],
    password: [TEST_PASSWORD],
    token: [alpha.invitee.token],
    code: ['123456'],
    q: ['Zy', 'a'],
    page: [1, 2],
    page_size: [1, 100],
    status: ['accept', 'decline'],
    admin_status_id: [2, 3],
    permissions: [[], ['create_idea']],
    name: ['Fuzzed name'],
  };
}

function urlOf(operation: Operation, request: FuzzRequest): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(request.params[name] ?? ''),
  );
  const search = new URLSearchParams();
  for (const [name, values] of Object.entries(request.query)) {
    for (const value of values ?? []) search.append(name, value);
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Registers one test that fuzzes every selected operation: never a 5xx, an error body of the
 * documented shape with nothing internal in it, and not one changed row when the answer is 4xx.
 */
export function fuzzOperations(title: string, select: (operation: Operation) => boolean) {
  let t: TestApp;
  let world: World;
  let operations: Operation[];
  let adminCookie: string;
  /** The database as the previous run left it: each run compares against it, then replaces it. */
  let state: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    world = await makeWorld(t);
    operations = (await loadOperations(t)).filter(select);
    adminCookie = world.alpha.admin.cookie;
  });
  afterAll(() => t.close());

  /** The fuzz spends rate-limit points; spent ones would turn every later run into a 429. */
  const resetLimits = async () => {
    const limits = t.deps.rateLimits;
    await limits.invitationRequests.delete('unknown');
    for (const side of [world.alpha, world.beta]) {
      await limits.comments.delete(`${side.tenantId}:${side.admin.id}`);
      await limits.interestRequests.delete(`${side.tenantId}:${side.admin.id}`);
      for (const email of [side.faculty.email, side.admin.email]) {
        await limits.resetCodes.delete(`${side.tenantId}:${email}`);
        await limits.signInFailures.delete(`${email}:unknown`);
        await limits.signInFailuresPerEmail.delete(`${side.tenantId}:${email}`);
      }
    }
  };

  const check = async (operation: Operation, request: FuzzRequest) => {
    await resetLimits();
    const headers: Record<string, string> = {};
    if (!isPublic(operation)) headers.cookie = adminCookie;
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    const before = state;
    const res = await t.request(urlOf(operation, request), {
      method: operation.method,
      headers,
      body: request.body,
    });
    const text = await res.text();
    // A read may change nothing whatever it answers: checked once after all its runs instead.
    const reads = operation.method === 'GET';
    if (!reads) state = await fingerprint(t.db);
    const changed = reads ? [] : changedTables(before, state);
    if (res.status < 300 && SIGNS_OUT.has(operation.key)) {
      const { tenantId, admin } = world.alpha;
      adminCookie = await sessionCookie(t.db, t.deps.config.secretKey, tenantId, admin.id);
      state = await fingerprint(t.db);
    }
    expect(res.status, text.slice(0, 300)).toBeLessThan(500);
    if (res.status < 400) return;
    const body = JSON.parse(text) as {
      code: unknown;
      message: unknown;
      status: unknown;
      details: unknown;
    };
    expect(body).toMatchObject({
      code: expect.any(String),
      message: expect.any(String),
      status: res.status,
    });
    expect(Array.isArray(body.details)).toBe(true);
    for (const leak of LEAKS) expect(text).not.toMatch(leak);
    const allowed = WRITES_ON_REFUSAL[operation.key] ?? [];
    expect(changed.filter((table) => !allowed.includes(table))).toEqual([]);
  };

  it(title, { timeout: 240_000 }, async () => {
    const failures: string[] = [];
    expect(operations.length).toBeGreaterThan(0);
    const hints = hintsOf(world);
    for (const operation of operations) {
      if (operation.body && operation.body.contentType !== 'application/json') continue;
      const ids = operation.pathParams.length
        ? [pathParamsOf(operation, world.alpha).id, pathParamsOf(operation, world.beta).id].filter(
            (id): id is number => id !== undefined,
          )
        : [];
      state = await fingerprint(t.db);
      const details = await fc.check(
        fc.asyncProperty(requestArb(operation, hints, ids), (request) => check(operation, request)),
        { numRuns: NUM_RUNS },
      );
      if (details.failed) {
        const error = String(details.errorInstance).slice(0, 500);
        failures.push(`${operation.key}: ${fc.defaultReportMessage(details)}\n${error}`);
      }
      if (operation.method === 'GET') {
        const allowed = WRITES_ON_READ[operation.key] ?? [];
        const changed = changedTables(state, await fingerprint(t.db)).filter(
          (table) => !allowed.includes(table),
        );
        if (changed.length > 0) failures.push(`${operation.key}: a run changed ${changed}`);
      }
    }
    expect(failures).toEqual([]);
  });
}
