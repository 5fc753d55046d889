import {
  adminDepartmentsAnswer,
  adminRolesAnswer,
  adminSchoolsAnswer,
  adminSupportAnswer,
} from '@kindling/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  giveAccount,
  jsonInit,
  makeSchool,
  makeTenant,
  makeUser,
  signInCookie,
} from '../../test/factories.ts';
import { callerOf } from '../../test/fixtures.ts';
import { auditLog } from '../db/schema-records.ts';
import { departments } from '../db/schema-reference.ts';
import { bindTenant } from '../db/tenant-scope.ts';

describe('reference data in the console', () => {
  let t: TestApp;
  let alpha: Awaited<ReturnType<typeof makeTenant>>;
  let beta: Awaited<ReturnType<typeof makeTenant>>;
  let admin: string;
  let betaAdmin: string;
  let member: string;
  let lawId: number;
  let memberId: number;

  const call = callerOf(() => t);
  const lastAudit = async () =>
    t.db.transaction(async (tx) => {
      await bindTenant(tx, alpha.tenantId);
      const [row] = await tx
        .select()
        .from(auditLog)
        .where(eq(auditLog.tenantId, alpha.tenantId))
        .orderBy(desc(auditLog.id))
        .limit(1);
      return row;
    });

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await makeTenant(t.db, 'Alpha University');
    beta = await makeTenant(t.db, 'Beta Institute');
    admin = await signInCookie(t.request, alpha.tenantId, `admin@${alpha.domain}`);
    betaAdmin = await signInCookie(t.request, beta.tenantId, `admin@${beta.domain}`);
    lawId = (await makeSchool(t.db, alpha.tenantId, 'School of Law')).id;
    await makeSchool(t.db, alpha.tenantId, 'School of Music');
    const person = await makeUser(t.db, alpha.tenantId, { schoolId: lawId, roleId: 2 });
    memberId = person.id;
    await giveAccount(t.db, alpha.tenantId, person.id);
    member = await signInCookie(t.request, alpha.tenantId, person.email);
  });
  afterAll(() => t.close());

  it('is 403 without the admin permission and 401 without a session', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/admin/schools'],
      ['GET', '/admin/departments'],
      ['GET', '/admin/support'],
      ['GET', '/admin/ip-status'],
      ['GET', '/admin/roles'],
      ['PUT', `/admin/schools/${lawId}`, { name: 'X' }],
      ['PUT', '/admin/departments/1', { name: 'X' }],
      ['PUT', '/admin/support/1', { is_active: false }],
      ['PUT', '/admin/ip-status/1', { is_active: false }],
      ['PUT', '/admin/roles/1', { name: 'X' }],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(method, path, member, body)).status, `${method} ${path}`).toBe(403);
      const anonymous = await t.request(
        `/api/v1${path}`,
        body === undefined ? { method } : jsonInit(method, body),
      );
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
  });

  it('renames a school, refuses a name another school has in any case, and audits the change', async () => {
    const res = await call('PUT', `/admin/schools/${lawId}`, admin, { name: 'Law School' });
    expect(res.status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'school.rename',
      targetId: lawId,
      summary: "Renamed the school 'School of Law' to 'Law School'",
    });
    const clash = await call('PUT', `/admin/schools/${lawId}`, admin, { name: 'school of MUSIC' });
    expect(clash.status).toBe(409);
    expect((await clash.json()).message).toBe('A school with this name already exists.');
    const profile = await (await call('GET', `/profiles/${memberId}`, member)).json();
    expect(profile.school_name).toBe('Law School');
  });

  it('deactivates a school: gone from the pickers, kept on profiles and in the console', async () => {
    const res = await call('PUT', `/admin/schools/${lawId}`, admin, { is_active: false });
    expect(res.status).toBe(200);
    expect((await lastAudit())?.action).toBe('school.deactivate');
    const picker = await (await call('GET', '/schools?is_active=true', member)).json();
    expect(picker.schools.map((s: { id: number }) => s.id)).not.toContain(lawId);
    const profile = await (await call('GET', `/profiles/${memberId}`, member)).json();
    expect(profile.school_name).toBe('Law School');
    const listed = adminSchoolsAnswer.parse(
      await (await call('GET', '/admin/schools', admin)).json(),
    );
    expect(listed.schools.find((s) => s.id === lawId)).toEqual({
      id: lawId,
      name: 'Law School',
      is_active: false,
      people: 1,
      ideas: 0,
    });
    await call('PUT', `/admin/schools/${lawId}`, admin, { is_active: true });
    expect((await lastAudit())?.action).toBe('school.reactivate');
  });

  it('keeps department names unique within their school only', async () => {
    const music = (await makeSchool(t.db, alpha.tenantId, 'Conservatory')).id;
    const ids = await t.db.transaction(async (tx) => {
      await bindTenant(tx, alpha.tenantId);
      return tx
        .insert(departments)
        .values([
          { tenantId: alpha.tenantId, schoolId: lawId, name: 'Torts' },
          { tenantId: alpha.tenantId, schoolId: lawId, name: 'Contracts' },
          { tenantId: alpha.tenantId, schoolId: music, name: 'Strings' },
        ])
        .returning({ id: departments.id });
    });
    const [torts, , strings] = ids.map((row) => row.id);
    const clash = await call('PUT', `/admin/departments/${torts}`, admin, { name: 'CONTRACTS' });
    expect(clash.status).toBe(409);
    expect((await clash.json()).message).toBe(
      'A department with this name already exists in this school.',
    );
    const elsewhere = await call('PUT', `/admin/departments/${strings}`, admin, {
      name: 'Contracts',
    });
    expect(elsewhere.status).toBe(200);
    const listed = adminDepartmentsAnswer.parse(
      await (await call('GET', '/admin/departments', admin)).json(),
    );
    expect(listed.departments.filter((d) => d.name === 'Contracts')).toHaveLength(2);
  });

  it('deactivates a support type, which members still see named but cannot pick', async () => {
    const { support_or_partnership: list } = adminSupportAnswer.parse(
      await (await call('GET', '/admin/support', admin)).json(),
    );
    const funding = list.find((s) => s.name === 'Funding');
    expect(funding).toMatchObject({ is_active: true, ideas: 0 });
    const res = await call('PUT', `/admin/support/${funding?.id}`, admin, { is_active: false });
    expect(res.status).toBe(200);
    const all = await (await call('GET', '/support', member)).json();
    expect(all.support_or_partnership).toContainEqual({
      id: funding?.id,
      name: 'Funding',
      is_active: false,
    });
    const active = await (await call('GET', '/support?is_active=true', member)).json();
    expect(active.support_or_partnership.map((s: { id: number }) => s.id)).not.toContain(
      funding?.id,
    );
  });

  it('renames an IP status, answering 409 for a name in use', async () => {
    const list = (await (await call('GET', '/admin/ip-status', admin)).json()).ip_statuses;
    const [first, second] = list;
    const clash = await call('PUT', `/admin/ip-status/${first.id}`, admin, {
      name: second.name.toUpperCase(),
    });
    expect(clash.status).toBe(409);
    expect((await clash.json()).message).toBe('An IP status with this name already exists.');
    expect(
      (await call('PUT', `/admin/ip-status/${first.id}`, admin, { name: 'Nothing filed' })).status,
    ).toBe(200);
    expect((await lastAudit())?.action).toBe('ip-status.rename');
  });

  it('renames a role and changes its icon; names stay unique and icons known', async () => {
    const res = await call('PUT', '/admin/roles/4', admin, { name: 'Partner', icon: 'person' });
    expect(res.status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'role.rename',
      summary: "Renamed the role 'Industry partner' to 'Partner' and set its icon to person",
    });
    const roles = adminRolesAnswer.parse(await (await call('GET', '/admin/roles', admin)).json());
    expect(roles.roles.find((r) => r.id === 4)).toMatchObject({ name: 'Partner', icon: 'person' });
    expect(roles.roles.find((r) => r.id === 2)?.people).toBeGreaterThanOrEqual(1);
    const publicRoles = await (await t.request(`/api/v1/roles?tenant_id=${alpha.tenantId}`)).json();
    expect(publicRoles.roles).toContainEqual({ id: 4, name: 'Partner', icon: 'person' });

    const clash = await call('PUT', '/admin/roles/4', admin, { name: 'faculty' });
    expect(clash.status).toBe(409);
    expect((await clash.json()).message).toBe('A role with this name already exists.');
    const badIcon = await call('PUT', '/admin/roles/4', admin, { icon: 'rocket' });
    expect(badIcon.status).toBe(400);
    expect((await badIcon.json()).details[0].field).toBe('icon');
  });

  it('refuses an empty change, a blank name and unknown ids clearly', async () => {
    const empty = await call('PUT', `/admin/schools/${lawId}`, admin, {});
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe('Send a new name or a change of is_active.');
    const blank = await call('PUT', `/admin/schools/${lawId}`, admin, { name: '  ' });
    expect(blank.status).toBe(400);
    expect((await blank.json()).details[0]).toEqual({ field: 'name', error: 'Name is required.' });
    expect((await call('PUT', '/admin/schools/999999', admin, { name: 'X' })).status).toBe(404);
    expect((await call('PUT', '/admin/roles/99', admin, { name: 'X' })).status).toBe(404);
    expect((await call('PUT', '/admin/schools/abc', admin, { name: 'X' })).status).toBe(400);
  });

  it("another tenant's administrator neither sees nor changes this tenant's entries", async () => {
    const res = await call('PUT', `/admin/schools/${lawId}`, betaAdmin, { name: 'Taken over' });
    expect(res.status).toBe(404);
    const betaSchools = adminSchoolsAnswer.parse(
      await (await call('GET', '/admin/schools', betaAdmin)).json(),
    );
    expect(betaSchools.schools.map((s) => s.id)).not.toContain(lawId);
    const roles = await call('PUT', '/admin/roles/4', betaAdmin, { name: 'Partner' });
    expect(roles.status).toBe(200);
    const alphaRoles = await (await t.request(`/api/v1/roles?tenant_id=${alpha.tenantId}`)).json();
    expect(alphaRoles.roles).toContainEqual({ id: 4, name: 'Partner', icon: 'person' });
    const detail = await t.db.transaction(async (tx) => {
      await bindTenant(tx, beta.tenantId);
      return tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.tenantId, beta.tenantId), eq(auditLog.action, 'role.rename')));
    });
    expect(detail).toHaveLength(1);
  });
});
