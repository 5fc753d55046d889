import { type RulesetDefinition, Spectral } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The document a client is generated from: Spectral's OpenAPI rules find nothing to say of it. */
describe('the OpenAPI document', () => {
  it('passes spectral:oas with no warning', async () => {
    const text = await (await t.request('/api/v1/openapi.json')).text();
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
    const results = await spectral.run(text);
    const findings = results.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`);
    expect(findings).toEqual([]);
  });
});
