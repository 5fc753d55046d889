import { branding, rolesAnswer, tenantAnswer, termsAnswer } from '@kindling/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeTenant } from '../../test/factories.ts';
import { roles } from '../db/schema-reference.ts';
import { tenants } from '../db/schema-tenants.ts';

describe('public tenant calls', () => {
  let t: TestApp;
  let alpha: Awaited<ReturnType<typeof makeTenant>>;
  let beta: Awaited<ReturnType<typeof makeTenant>>;

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await makeTenant(t.db, 'Alpha University');
    beta = await makeTenant(t.db, 'Beta Institute');
    await t.db
      .update(tenants)
      .set({
        branding: { styles: { 'color-primary': '#123456' }, footer: { copyrightNotice: 'Beta ©' } },
      })
      .where(eq(tenants.id, beta.tenantId));
  });
  afterAll(() => t.close());

  it('GET /tenant by domain answers the tenant with complete default branding', async () => {
    const res = await t.request(`/api/v1/tenant?domain=${alpha.domain}`);
    expect(res.status).toBe(200);
    const body = tenantAnswer.parse(await res.json());
    expect(body).toMatchObject({
      id: alpha.tenantId,
      name: 'Alpha University',
      domain: alpha.domain,
    });
    expect(branding.safeParse(body.branding).success).toBe(true);
    expect(body.branding.productName).toBe('Alpha University');
  });

  it('GET /tenant by id merges the tenant overrides over the defaults', async () => {
    const res = await t.request(`/api/v1/tenant?tenant_id=${beta.tenantId}`);
    const body = tenantAnswer.parse(await res.json());
    expect(body.branding.styles['color-primary']).toBe('#123456');
    expect(body.branding.styles['color-text']).toBeTruthy();
    expect(body.branding.footer.copyrightNotice).toBe('Beta ©');
    expect(body.branding.navLabels.ideas).toBe('Ideas');
  });

  it('answers a change to the tenant on the very next call, by domain and by id', async () => {
    const name = async (query: string) =>
      tenantAnswer.parse(await (await t.request(`/api/v1/tenant?${query}`)).json()).branding
        .productName;
    const byDomain = `domain=${alpha.domain}`;
    const byId = `tenant_id=${alpha.tenantId}`;
    expect(await name(byDomain)).toBe('Alpha University');
    expect(await name(byId)).toBe('Alpha University');
    await t.db
      .update(tenants)
      .set({ branding: { productName: 'Alpha Portal' } })
      .where(eq(tenants.id, alpha.tenantId));
    expect(await name(byDomain)).toBe('Alpha Portal');
    expect(await name(byId)).toBe('Alpha Portal');
    await t.db.update(tenants).set({ branding: {} }).where(eq(tenants.id, alpha.tenantId));
    expect(await name(byDomain)).toBe('Alpha University');
  });

  it('domains match case-insensitively', async () => {
    const res = await t.request(`/api/v1/tenant?domain=${alpha.domain.toUpperCase()}`);
    expect(res.status).toBe(200);
  });

  it('an unknown tenant is 404 NOT_FOUND with the error body', async () => {
    const res = await t.request('/api/v1/tenant?domain=nowhere.example');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Tenant not found.',
      status: 404,
      details: [],
    });
    expect((await t.request('/api/v1/tenant?tenant_id=999999')).status).toBe(404);
  });

  it('no domain and no id is 400 with a field detail', async () => {
    const res = await t.request('/api/v1/tenant');
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.details).toEqual([{ field: 'domain', error: 'domain or tenant_id is required.' }]);
  });

  it('a malformed tenant_id is 400, never 500', async () => {
    for (const bad of ['abc', '-1', '1.5', '99999999999999999999']) {
      const res = await t.request(`/api/v1/roles?tenant_id=${bad}`);
      expect(res.status, bad).toBe(400);
    }
  });

  it("GET /roles answers the tenant's default roles, faculty as role 2", async () => {
    const res = await t.request(`/api/v1/roles?tenant_id=${alpha.tenantId}`);
    const { roles } = rolesAnswer.parse(await res.json());
    expect(roles.map((r) => [r.id, r.name])).toEqual([
      [1, 'Student'],
      [2, 'Faculty'],
      [3, 'Staff'],
      [4, 'Industry partner'],
    ]);
  });

  it("GET /roles of another tenant shows that tenant's roles only", async () => {
    await t.db
      .update(roles)
      .set({ name: 'Professor' })
      .where(and(eq(roles.tenantId, beta.tenantId), eq(roles.id, 2)));
    const alphaRoles = rolesAnswer.parse(
      await (await t.request(`/api/v1/roles?tenant_id=${alpha.tenantId}`)).json(),
    );
    const betaRoles = rolesAnswer.parse(
      await (await t.request(`/api/v1/roles?tenant_id=${beta.tenantId}`)).json(),
    );
    expect(alphaRoles.roles.find((r) => r.id === 2)?.name).toBe('Faculty');
    expect(betaRoles.roles.find((r) => r.id === 2)?.name).toBe('Professor');
  });

  it('GET /terms answers the default terms with the documented shape', async () => {
    const res = await t.request(`/api/v1/terms?tenant_id=${alpha.tenantId}`);
    const terms = termsAnswer.parse(await res.json());
    expect(terms.title).toBe('Terms and Conditions');
    expect(terms.sections.length).toBeGreaterThan(0);
  });

  it('GET /terms answers a tenant its own terms', async () => {
    const own = {
      title: 'Beta Rules',
      lastUpdated: 'January 1, 2026',
      introduction: 'Intro',
      sections: [],
      conclusion: 'End',
    };
    await t.db.update(tenants).set({ terms: own }).where(eq(tenants.id, beta.tenantId));
    const res = await t.request(`/api/v1/terms?tenant_id=${beta.tenantId}`);
    expect(await res.json()).toEqual(own);
  });
});
