import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeSchool, makeTenant, sessionCookie } from '../../test/factories.ts';
import { departments, schools, supportTypes } from '../db/schema-reference.ts';
import { bindTenant } from '../db/tenant-scope.ts';

describe('session-gated lookups', () => {
  let t: TestApp;
  let alpha: Awaited<ReturnType<typeof makeTenant>>;
  let beta: Awaited<ReturnType<typeof makeTenant>>;
  let alphaCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await makeTenant(t.db, 'Alpha University');
    beta = await makeTenant(t.db, 'Beta Institute');
    const engineering = await makeSchool(t.db, alpha.tenantId, 'Engineering');
    const retired = await makeSchool(t.db, alpha.tenantId, 'Alchemy');
    await makeSchool(t.db, beta.tenantId, 'Beta Medicine');
    await t.db.transaction(async (tx) => {
      await bindTenant(tx, alpha.tenantId);
      await tx
        .update(schools)
        .set({ isActive: false })
        .where(and(eq(schools.tenantId, alpha.tenantId), eq(schools.id, retired.id)));
      await tx.insert(departments).values([
        { tenantId: alpha.tenantId, schoolId: engineering.id, name: 'Robotics' },
        { tenantId: alpha.tenantId, schoolId: engineering.id, name: 'Optics', isActive: false },
      ]);
    });
    alphaCookie = await sessionCookie(
      t.db,
      t.deps.config.secretKey,
      alpha.tenantId,
      alpha.adminUserId,
    );
  });
  afterAll(() => t.close());

  const get = (path: string, cookie?: string) =>
    t.request(path, cookie ? { headers: { cookie } } : undefined);

  it('needs a session: 401 UNAUTHORIZED with the catalogue message', async () => {
    for (const path of ['/support', '/ip-status', '/schools', '/departments']) {
      const res = await get(`/api/v1${path}?tenant_id=${alpha.tenantId}`);
      expect(res.status, path).toBe(401);
      expect(await res.json()).toEqual({
        code: 'UNAUTHORIZED',
        message:
          'Your session has expired or you are not authorized to perform this action. Please log in again.',
        status: 401,
        details: [],
      });
    }
  });

  it('an unknown or forged cookie is no session', async () => {
    const res = await get('/api/v1/schools', 'kindling_session=forged');
    expect(res.status).toBe(401);
  });

  it('answers the default support types and IP statuses in their defined order', async () => {
    const support = await (await get('/api/v1/support', alphaCookie)).json();
    expect(support.support_or_partnership.map((s: { name: string }) => s.name)).toEqual([
      'Funding',
      'Industry partner',
      'Mentorship',
      'Technical expertise',
      'Licensing',
    ]);
    const ip = await (await get('/api/v1/ip-status', alphaCookie)).json();
    expect(ip.ip_statuses.map((s: { name: string }) => s.name)).toEqual([
      'No IP protection',
      'Invention disclosed',
      'Provisional patent filed',
      'Patent pending',
      'Patented',
    ]);
  });

  it('is_active=true leaves out deactivated schools and departments', async () => {
    const all = await (await get('/api/v1/schools', alphaCookie)).json();
    expect(all.schools.map((s: { name: string }) => s.name)).toEqual(['Alchemy', 'Engineering']);
    const active = await (await get('/api/v1/schools?is_active=true', alphaCookie)).json();
    expect(active.schools.map((s: { name: string }) => s.name)).toEqual(['Engineering']);
    const depts = await (await get('/api/v1/departments?is_active=true', alphaCookie)).json();
    expect(depts.departments).toEqual([
      { id: expect.any(Number), name: 'Robotics', school_id: expect.any(Number), is_active: true },
    ]);
  });

  it('lists support types and IP statuses deactivated ones too, flagged, unless is_active=true', async () => {
    await t.db.transaction(async (tx) => {
      await bindTenant(tx, alpha.tenantId);
      await tx
        .update(supportTypes)
        .set({ isActive: false })
        .where(and(eq(supportTypes.tenantId, alpha.tenantId), eq(supportTypes.name, 'Licensing')));
    });
    const all = await (await get('/api/v1/support', alphaCookie)).json();
    expect(all.support_or_partnership).toContainEqual({
      id: expect.any(Number),
      name: 'Licensing',
      is_active: false,
    });
    const active = await (await get('/api/v1/support?is_active=true', alphaCookie)).json();
    expect(active.support_or_partnership.map((s: { name: string }) => s.name)).not.toContain(
      'Licensing',
    );
    const ip = await (await get('/api/v1/ip-status?is_active=true', alphaCookie)).json();
    expect(ip.ip_statuses.every((s: { is_active: boolean }) => s.is_active)).toBe(true);
  });

  it('a malformed is_active is 400', async () => {
    const res = await get('/api/v1/schools?is_active=maybe', alphaCookie);
    expect(res.status).toBe(400);
    expect((await res.json()).details[0].field).toBe('is_active');
  });

  it("uses the session's tenant and ignores another tenant's tenant_id", async () => {
    const res = await get(`/api/v1/schools?tenant_id=${beta.tenantId}`, alphaCookie);
    expect(res.status).toBe(200);
    const names = (await res.json()).schools.map((s: { name: string }) => s.name);
    expect(names).not.toContain('Beta Medicine');
    expect(names).toContain('Engineering');
  });
});
