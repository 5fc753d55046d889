import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app.ts';
import { giveAccount, jsonInit, makeTenant, makeUser, TEST_PASSWORD } from '../factories.ts';

/**
 * CONTRACT §5's limits count per client address. An attacker writes X-Forwarded-For freely, so a
 * spoofed entry must never give them a fresh counter, nor the loopback address /dev/mail trusts.
 */
describe.each([
  ['no proxy is trusted', {}],
  ['one proxy hop is trusted', { TRUST_PROXY: '1' }],
])('spoofed X-Forwarded-For when %s', (_, env: Record<string, string>) => {
  let t: TestApp;
  let tenantId: number;
  let email: string;
  const trusted = env.TRUST_PROXY === '1';
  /** What the trusted proxy appends: the one address the server may believe. */
  const realAddress = '203.0.113.7';
  const forwarded = (spoof: string) => (trusted ? `${spoof}, ${realAddress}` : spoof);

  beforeAll(async () => {
    t = await createTestApp(env);
    ({ tenantId } = await makeTenant(t.db));
    const user = await makeUser(t.db, tenantId, { email: `locked-${Date.now()}@uni.edu` });
    await giveAccount(t.db, tenantId, user.id);
    email = user.email;
  });
  afterAll(() => t.close());

  const signIn = (password: string, xff: string) =>
    t.request('/api/v1/auth/sign-in', {
      ...jsonInit('POST', { email, password, tenant_id: tenantId }),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': xff },
    });

  it('does not reset the sign-in failure count', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await signIn(`Wrong!${i}aA`, forwarded(`198.51.100.${i}`))).status).toBe(401);
    }
    expect((await signIn(TEST_PASSWORD, forwarded('198.51.100.200'))).status).toBe(429);
    expect((await signIn(TEST_PASSWORD, forwarded('127.0.0.1'))).status).toBe(429);
    // Behind the proxy, another real client is counted apart: the proxy's entry is what is read.
    if (trusted) expect((await signIn(TEST_PASSWORD, '203.0.113.8')).status).toBe(200);
  });

  it('does not reset the invitation-request count', async () => {
    const request = (i: number) =>
      t.request(`/api/v1/request-invitation?tenant_id=${tenantId}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': forwarded(`198.51.100.${i}`),
        },
        body: '{}',
      });
    for (let i = 0; i < 20; i++) expect((await request(i)).status).toBe(400);
    expect((await request(99)).status).toBe(429);
  });

  it('does not pass for the loopback address that may read development mail', async () => {
    for (const spoof of ['127.0.0.1', '::1', '127.0.0.1, 127.0.0.1']) {
      const res = await t.request('/dev/mail.json', {
        headers: { 'x-forwarded-for': forwarded(spoof) },
      });
      expect(res.status, spoof).toBe(404);
    }
  });
});
