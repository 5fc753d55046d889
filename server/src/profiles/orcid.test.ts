import { normaliseOrcid } from '@kindling/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  giveAccount,
  jsonInit,
  makeTenant,
  makeUser,
  sessionCookie,
} from '../../test/factories.ts';

/** ORCID's own examples: a valid iD, one whose check character is X, and one with a wrong check. */
const JOSIAH = '0000-0002-1825-0097';
const WITH_X = '0000-0002-1694-233X';
const WRONG_CHECK = '0000-0002-1825-0098';

describe('PUT /profiles/{id}/orcid', () => {
  let t: TestApp;
  let tenantId: number;
  let otherTenantId: number;
  let me: number;
  let colleague: number;
  let stranger: number;
  let meCookie: string;
  let colleagueCookie: string;
  let strangerCookie: string;

  const put = (id: number, cookie: string, body: unknown) =>
    t.request(`/api/v1/profiles/${id}/orcid`, jsonInit('PUT', body, cookie));

  async function member(tenant: number, firstName: string) {
    const user = await makeUser(t.db, tenant, { firstName });
    await giveAccount(t.db, tenant, user.id);
    return user.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    tenantId = (await makeTenant(t.db, 'Alpha University')).tenantId;
    otherTenantId = (await makeTenant(t.db, 'Beta Institute')).tenantId;
    me = await member(tenantId, 'Marie');
    colleague = await member(tenantId, 'Pierre');
    stranger = await member(otherTenantId, 'Bea');
    const secret = t.deps.config.secretKey;
    meCookie = await sessionCookie(t.db, secret, tenantId, me);
    colleagueCookie = await sessionCookie(t.db, secret, tenantId, colleague);
    strangerCookie = await sessionCookie(t.db, secret, otherTenantId, stranger);
  });
  afterAll(() => t.close());

  it('checks the iD as ORCID does: form and MOD 11-2 check character, X included', () => {
    expect(normaliseOrcid(JOSIAH)).toBe(JOSIAH);
    expect(normaliseOrcid(` https://orcid.org/${WITH_X.toLowerCase()} `)).toBe(WITH_X);
    for (const bad of [WRONG_CHECK, '0000000218250097', '0000-0002-1825-009', 'orcid', ''])
      expect(normaliseOrcid(bad)).toBeNull();
  });

  it('saves a typed iD unverified, in bare form, and clears it with null', async () => {
    const saved = await put(me, meCookie, { orcid: `https://orcid.org/${JOSIAH}` });
    expect(saved.status).toBe(200);
    expect((await saved.json()).profile).toMatchObject({ orcid: JOSIAH, orcid_verified: false });
    const read = await t.request(`/api/v1/profiles/${me}`, {
      headers: { cookie: colleagueCookie },
    });
    expect(await read.json()).toMatchObject({ orcid: JOSIAH, orcid_verified: false });
    const cleared = await put(me, meCookie, { orcid: null });
    expect((await cleared.json()).profile).toMatchObject({ orcid: null, orcid_verified: false });
  });

  it('offers no link through ORCID where the deployment has no ORCID credentials', async () => {
    const read = await t.request(`/api/v1/profiles/${me}`, { headers: { cookie: meCookie } });
    expect((await read.json()).orcid_sign_in).toBe(false);
    const start = await t.request('/api/v1/orcid/link', { headers: { cookie: meCookie } });
    expect(start.status).toBe(404);
  });

  it('refuses an invalid iD with the contract message', async () => {
    for (const orcid of [WRONG_CHECK, 'not an id', 42]) {
      const res = await put(me, meCookie, { orcid });
      expect(res.status).toBe(400);
      expect((await res.json()).details).toEqual([
        { field: 'orcid', error: 'Please enter a valid ORCID iD.' },
      ]);
    }
  });

  it('gives an iD to one member of a tenant: another is 409, in another tenant it is free', async () => {
    expect((await put(me, meCookie, { orcid: WITH_X })).status).toBe(200);
    const taken = await put(colleague, colleagueCookie, { orcid: WITH_X });
    expect(taken.status).toBe(409);
    expect((await taken.json()).code).toBe('CONFLICT');
    expect((await put(stranger, strangerCookie, { orcid: WITH_X })).status).toBe(200);
  });

  it("is 403 for someone else's profile, in this tenant or another", async () => {
    expect((await put(colleague, meCookie, { orcid: JOSIAH })).status).toBe(403);
    expect((await put(stranger, meCookie, { orcid: JOSIAH })).status).toBe(403);
    const read = await t.request(`/api/v1/profiles/${colleague}`, {
      headers: { cookie: meCookie },
    });
    expect((await read.json()).orcid).toBeNull();
  });
});
