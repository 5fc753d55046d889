import type { RulesetDefinition } from '@stoplight/spectral-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testDatabaseKind } from '../../test/databases.ts';

/**
 * The document a client is generated from: Spectral's OpenAPI rules find nothing to say of it.
 * It is made from the routes alone, the same on either database, so it is checked once; Spectral
 * and its rulesets take seconds to load, so only this test loads them.
 */
describe.runIf(testDatabaseKind === 'pglite')('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Loading Spectral is part of this test now, and took over 30 s at a load average of 25.
  it('passes spectral:oas with no warning', { timeout: 120_000 }, async () => {
    const [{ Spectral }, { oas }] = await Promise.all([
      import('@stoplight/spectral-core'),
      import('@stoplight/spectral-rulesets'),
    ]);
    const text = await (await t.request('/api/v1/openapi.json')).text();
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
    const results = await spectral.run(text);
    const findings = results.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`);
    expect(findings).toEqual([]);
  });
});
