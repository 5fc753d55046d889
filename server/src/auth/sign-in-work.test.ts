import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  giveAccount,
  jsonInit,
  makeTenant,
  makeUser,
  TEST_PASSWORD,
} from '../../test/factories.ts';

const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('./password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./password.ts')>();
  return {
    ...real,
    verifyPassword: (hash: string, password: string) => {
      checks.count += 1;
      return real.verifyPassword(hash, password);
    },
  };
});

/**
 * CONTRACT §5 and issue 14: a sign-in's answer must not take longer when the e-mail has accounts
 * in other tenants. Its time is the password check's, so every sign-in checks exactly one hash,
 * whatever the e-mail: counted here rather than timed, which a loaded machine would blur.
 */
describe('the work a sign-in does', () => {
  let t: TestApp;
  const tenants: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    for (const name of ['Alpha', 'Beta', 'Gamma']) {
      tenants.push((await makeTenant(t.db, name)).tenantId);
    }
    const [alpha = 0, beta = 0, gamma = 0] = tenants;
    const here = await makeUser(t.db, alpha, { email: 'here@alpha.edu' });
    await giveAccount(t.db, alpha, here.id);
    for (const tenantId of [beta, gamma]) {
      const twin = await makeUser(t.db, tenantId, { email: 'elsewhere@alpha.edu' });
      await giveAccount(t.db, tenantId, twin.id);
    }
  });
  afterAll(() => t.close());

  const checksFor = async (email: string, password: string) => {
    checks.count = 0;
    const res = await t.request(
      '/api/v1/auth/sign-in',
      jsonInit('POST', { email, password, tenant_id: tenants[0] }),
    );
    return { status: res.status, checks: checks.count };
  };

  it('checks one hash for an e-mail here, nowhere, or with accounts in two other tenants', async () => {
    expect(await checksFor('here@alpha.edu', 'Wrong!pass1')).toEqual({ status: 401, checks: 1 });
    expect(await checksFor('nobody@alpha.edu', 'Wrong!pass1')).toEqual({ status: 404, checks: 1 });
    expect(await checksFor('elsewhere@alpha.edu', 'Wrong!pass1')).toEqual({
      status: 404,
      checks: 1,
    });
    expect(await checksFor('elsewhere@alpha.edu', TEST_PASSWORD)).toEqual({
      status: 403,
      checks: 1,
    });
  });
});
