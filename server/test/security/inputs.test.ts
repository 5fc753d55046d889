import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app.ts';
import { jsonInit } from '../factories.ts';
import { loadOperations, type Operation, uniqueSuffix, urlOf } from './operations.ts';
import { isPublic, jsonBodyOf, pathParamsOf, queryOf } from './requests.ts';
import { makeWorld, type World } from './world.ts';

/**
 * Input handling beyond the fuzz: numeric edges on every route, link URLs, and what a real server
 * failure shows. One file, so the server is loaded once.
 */

/** One server for the file; each group below builds its own two tenants in it. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Just past the database's integer and smallint, below one, and not a number: where a value may
 * pass validation but not the column. Malformed values at large are the fuzz's part.
 */
const EDGE_TEXTS = ['2147483648', '32768', '-1', 'abc', ''];
const EDGE_NUMBERS = [2_147_483_648, 32_768, -1, 1.5];

/**
 * Deterministic companion of the fuzz: every path parameter, query parameter and numeric body
 * field of every route, one at a time, at the edges where a value passes validation but not the
 * column type. None may answer 5xx.
 */
describe('every numeric input at its edges answers 4xx or 2xx, never 5xx', () => {
  let world: World;
  let operations: Operation[];

  beforeAll(async () => {
    world = await makeWorld(t);
    operations = (await loadOperations(t)).filter(
      (o) => !o.body || o.body.contentType === 'application/json',
    );
  });

  const send = async (
    operation: Operation,
    params: Record<string, string | number>,
    query: Record<string, string | number>,
    body?: Record<string, unknown>,
  ) => {
    const { alpha } = world;
    const headers: Record<string, string> = isPublic(operation)
      ? {}
      : { cookie: alpha.admin.cookie };
    const json = operation.body ? (body ?? jsonBodyOf(operation, alpha)) : undefined;
    if (json) headers['content-type'] = 'application/json';
    const res = await t.request(urlOf(operation, params, query), {
      method: operation.method,
      headers,
      body: json ? JSON.stringify(json) : undefined,
    });
    return res.status;
  };

  it('in path parameters', { timeout: 120_000 }, async () => {
    const problems: string[] = [];
    for (const operation of operations.filter((o) => o.pathParams.length > 0)) {
      for (const edge of EDGE_TEXTS.filter(Boolean)) {
        const params = Object.fromEntries(operation.pathParams.map((p) => [p.name, edge]));
        const status = await send(operation, params, queryOf(operation, world.alpha));
        if (status >= 500) problems.push(`${operation.key} {${edge}}: ${status}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('in query parameters', { timeout: 120_000 }, async () => {
    const problems: string[] = [];
    for (const operation of operations) {
      const params = pathParamsOf(operation, world.alpha);
      for (const { name } of operation.query) {
        for (const edge of EDGE_TEXTS) {
          const query = { ...queryOf(operation, world.alpha), [name]: edge };
          const status = await send(operation, params, query);
          if (status >= 500) problems.push(`${operation.key} ?${name}=${edge}: ${status}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('in numeric body fields', { timeout: 120_000 }, async () => {
    const problems: string[] = [];
    for (const operation of operations.filter((o) => o.body)) {
      const properties = operation.body?.schema.properties ?? {};
      const numeric = Object.entries(properties).filter(([, schema]) => {
        const types = [schema.type, ...(schema.anyOf ?? []).map((v) => v.type)].flat();
        return types.includes('integer') || types.includes('number');
      });
      for (const [name] of numeric) {
        for (const edge of EDGE_NUMBERS) {
          const body = { ...jsonBodyOf(operation, world.alpha), [name]: edge };
          const status = await send(
            operation,
            pathParamsOf(operation, world.alpha),
            queryOf(operation, world.alpha),
            body,
          );
          if (status >= 500) problems.push(`${operation.key} {"${name}": ${edge}}: ${status}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
  it('in query and path parameters, where a NUL is refused', { timeout: 120_000 }, async () => {
    const problems: string[] = [];
    for (const operation of operations) {
      const params = pathParamsOf(operation, world.alpha);
      for (const { name } of operation.query) {
        const query = { ...queryOf(operation, world.alpha), [name]: 'a\u0000b' };
        const status = await send(operation, params, query);
        if (status !== 400) problems.push(`${operation.key} ?${name}=NUL: ${status}`);
      }
      for (const { name } of operation.pathParams) {
        const status = await send(
          operation,
          { ...params, [name]: '1\u0000' },
          queryOf(operation, world.alpha),
        );
        if (status !== 400) problems.push(`${operation.key} {${name}: NUL}: ${status}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('in text body fields, where a NUL is refused (PostgreSQL text cannot hold one)', {
    timeout: 120_000,
  }, async () => {
    const problems: string[] = [];
    for (const operation of operations.filter((o) => o.body)) {
      const properties = operation.body?.schema.properties ?? {};
      const texts = Object.entries(properties).filter(([, schema]) => {
        const types = [schema.type, ...(schema.anyOf ?? []).map((v) => v.type)].flat();
        return types.includes('string');
      });
      for (const [name] of texts) {
        const body = { ...jsonBodyOf(operation, world.alpha), [name]: 'a\u0000b' };
        const status = await send(
          operation,
          pathParamsOf(operation, world.alpha),
          queryOf(operation, world.alpha),
          body,
        );
        if (status !== 400) problems.push(`${operation.key} {"${name}": NUL}: ${status}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

/** Links a page would render as href: any that is not http(s) could run script when followed. */
const HOSTILE_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'javascript://www.linkedin.com/in/%0aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'https://ok.example/"><img src=x onerror=alert(1)>',
];

describe('every URL field a page links to takes web addresses only', () => {
  let world: World;

  beforeAll(async () => {
    world = await makeWorld(t);
  });

  it('refuses script, data and markup URLs in idea links, profile links and invitation links', async () => {
    const { alpha } = world;
    const { faculty } = alpha;
    const calls = (url: string): [string, RequestInit][] => [
      [
        '/api/v1/ideas',
        jsonInit(
          'POST',
          { title: 'Linked', introduction: 'x', urls: [{ url, title: 'a' }] },
          faculty.cookie,
        ),
      ],
      ...['linkedin_url', 'google_scholar_url', 'faculty_page_url'].map(
        (field): [string, RequestInit] => [
          `/api/v1/profiles/${faculty.id}`,
          jsonInit(
            'PUT',
            { first_name: 'F', last_name: 'M', bio: 'b', [field]: url },
            faculty.cookie,
          ),
        ],
      ),
      ...['linkedin_url', 'google_scholar_url'].map((field): [string, RequestInit] => [
        `/api/v1/request-invitation?tenant_id=${alpha.tenantId}`,
        jsonInit('POST', {
          first_name: 'Ann',
          last_name: 'Other',
          email: `ann-${uniqueSuffix()}@uni.edu`,
          role_id: 2,
          linkedin_url: 'https://www.linkedin.com/in/ann-other',
          [field]: url,
        }),
      ]),
    ];
    const taken: string[] = [];
    for (const url of HOSTILE_URLS) {
      for (const [path, init] of calls(url)) {
        await t.deps.rateLimits.invitationRequests.delete('unknown');
        const res = await t.request(path, init);
        if (res.status !== 400) taken.push(`${path} ${init.body}: ${res.status}`);
      }
    }
    expect(taken).toEqual([]);
  });
});

/**
 * The fuzz proves bad input never reaches a 5xx; this proves that when the server does fail (here
 * a table gone from under it), the answer still names nothing inside: no SQL, stack or driver.
 */
describe('a failing server answers a bare 500', () => {
  let world: World;

  beforeAll(async () => {
    world = await makeWorld(t);
  });

  it('with the catalogue body and nothing of the failure in it', async () => {
    await t.db.execute(sql`alter table ideas rename to ideas_moved`);
    try {
      const res = await t.request(`/api/v1/ideas/${world.alpha.ideaId}`, {
        headers: { cookie: world.alpha.faculty.cookie },
      });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({
        code: 'INTERNAL_SERVER_ERROR',
        message: 'Internal Server Error',
        status: 500,
        details: [],
      });
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      await t.db.execute(sql`alter table ideas_moved rename to ideas`);
    }
  });
});
