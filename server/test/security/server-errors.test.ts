import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app.ts';
import { makeWorld, type World } from './world.ts';

/**
 * The fuzz proves bad input never reaches a 5xx; this proves that when the server does fail (here
 * a table gone from under it), the answer still names nothing inside: no SQL, stack or driver.
 */
describe('a failing server answers a bare 500', () => {
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    t = await createTestApp();
    world = await makeWorld(t);
  });
  afterAll(() => t.close());

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
