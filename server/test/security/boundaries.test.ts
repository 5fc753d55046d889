import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app.ts';
import { withoutOpenFindings } from './findings.ts';
import { loadOperations, type Operation, urlOf } from './operations.ts';
import { isPublic, jsonBodyOf, makeWorld, pathParamsOf, queryOf, type World } from './world.ts';

/** Just past the database's smallint and integer, and the usual malformed numbers. */
const EDGE_TEXTS = ['2147483648', '32768', '-1', '0', '1.5', '99999999999999999999', 'abc', ''];
const EDGE_NUMBERS = [2_147_483_648, 32_768, -1, 0, 1.5, 1e20];

/**
 * Deterministic companion of the fuzz: every path parameter, query parameter and numeric body
 * field of every route, one at a time, at the edges where a value passes validation but not the
 * column type. None may answer 5xx.
 */
describe('every numeric input at its edges answers 4xx or 2xx, never 5xx', () => {
  let t: TestApp;
  let world: World;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp();
    world = await makeWorld(t);
    operations = (await loadOperations(t)).filter(
      (o) => !o.body || o.body.contentType === 'application/json',
    );
  });
  afterAll(() => t.close());

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

  it('in path parameters', async () => {
    const problems: string[] = [];
    for (const operation of operations.filter((o) => o.pathParams.length > 0)) {
      for (const edge of EDGE_TEXTS.filter(Boolean)) {
        const params = Object.fromEntries(operation.pathParams.map((p) => [p.name, edge]));
        const status = await send(operation, params, queryOf(operation, world.alpha));
        if (status >= 500) problems.push(`${operation.key} {${edge}}: ${status}`);
      }
    }
    expect(withoutOpenFindings(problems)).toEqual([]);
  });

  it('in query parameters', async () => {
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
    expect(withoutOpenFindings(problems)).toEqual([]);
  });

  it('in numeric body fields', async () => {
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
    expect(withoutOpenFindings(problems)).toEqual([]);
  });
});
