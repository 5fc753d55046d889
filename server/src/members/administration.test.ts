import { adminUsersAnswer } from '@kindling/contract';
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
import { claimLinkOf, lastMailTo, mailsTo } from '../../test/mail.ts';
import { auditLog } from '../db/schema-records.ts';

describe('administration calls', () => {
  let t: TestApp;
  let alpha: Awaited<ReturnType<typeof makeTenant>>;
  let beta: Awaited<ReturnType<typeof makeTenant>>;
  let admin: string;
  let betaAdmin: string;
  let faculty: string;
  let facultyId: number;

  const call = callerOf(() => t);

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await makeTenant(t.db, 'Alpha University');
    beta = await makeTenant(t.db, 'Beta Institute');
    admin = await signInCookie(t.request, alpha.tenantId, `admin@${alpha.domain}`);
    betaAdmin = await signInCookie(t.request, beta.tenantId, `admin@${beta.domain}`);
    const member = await makeUser(t.db, alpha.tenantId, {
      email: 'prof@alpha.edu',
      roleId: 2,
      permissions: ['create_idea', 'update_idea', 'delete_idea', 'invite_user'],
    });
    facultyId = member.id;
    await giveAccount(t.db, alpha.tenantId, member.id);
    faculty = await signInCookie(t.request, alpha.tenantId, member.email);
  });
  afterAll(() => t.close());

  it('every administration call is 403 without the admin permission, 401 without a session', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/admin/users'],
      ['POST', '/admin/users', { first_name: 'Al', last_name: 'Bo', email: 'x@y.edu', role_id: 1 }],
      ['PUT', `/admin/users/${facultyId}/approval`, { admin_status_id: 2 }],
      ['PUT', `/admin/users/${facultyId}/permissions`, { permissions: ['admin'] }],
      ['POST', '/admin/schools', { name: 'S' }],
      ['POST', '/admin/departments', { name: 'D', school_id: 1 }],
      ['POST', '/admin/support', { name: 'S' }],
      ['POST', '/admin/ip-status', { name: 'S' }],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(method, path, faculty, body)).status, `${method} ${path}`).toBe(403);
      const anonymous = await t.request(
        `/api/v1${path}`,
        body === undefined ? { method } : jsonInit(method, body),
      );
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
  });

  it('creates an approved profile and mails its claim link', async () => {
    const school = await makeSchool(t.db, alpha.tenantId, 'School of Law');
    const res = await call('POST', '/admin/users', admin, {
      first_name: 'Ruth',
      last_name: 'Ginsburg',
      email: 'rbg@alpha.edu',
      role_id: 2,
      school_id: school.id,
      linkedin_url: 'https://www.linkedin.com/in/rbg',
    });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const mail = await lastMailTo(t.db, alpha.tenantId, 'rbg@alpha.edu');
    const { token } = claimLinkOf(mail.textBody);
    const record = await (
      await t.request(`/api/v1/verify-token?token=${token}&tenant_id=${alpha.tenantId}`)
    ).json();
    expect(record).toMatchObject({
      id,
      admin_status_id: 2,
      user_status_id: 1,
      school_name: 'School of Law',
    });
    const again = await call('POST', '/admin/users', admin, {
      first_name: 'Ruth',
      last_name: 'Ginsburg',
      email: 'RBG@alpha.edu',
      role_id: 2,
    });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toContain('already exists.');
  });

  it('refuses a school or department of another tenant', async () => {
    const betaSchool = await makeSchool(t.db, beta.tenantId, 'Beta School');
    const res = await call('POST', '/admin/users', admin, {
      first_name: 'Ann',
      last_name: 'Other',
      email: 'ann@alpha.edu',
      role_id: 1,
      school_id: betaSchool.id,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).details[0].field).toBe('school_id');
  });

  it('refuses a deactivated school or department, which members can no longer choose', async () => {
    const closed = await makeSchool(t.db, alpha.tenantId, 'School of Alchemy');
    const open = await makeSchool(t.db, alpha.tenantId, 'School of Optics');
    const lab = await call('POST', '/admin/departments', admin, {
      name: 'Lenses',
      school_id: open.id,
    });
    const { id: lenses } = await lab.json();
    expect(
      (await call('PUT', `/admin/schools/${closed.id}`, admin, { is_active: false })).status,
    ).toBe(200);
    expect(
      (await call('PUT', `/admin/departments/${lenses}`, admin, { is_active: false })).status,
    ).toBe(200);
    const create = (place: Record<string, number>, email: string) =>
      call('POST', '/admin/users', admin, {
        first_name: 'Ann',
        last_name: 'Other',
        email,
        role_id: 1,
        ...place,
      });
    const bySchool = await create({ school_id: closed.id }, 'closed@alpha.edu');
    expect(bySchool.status).toBe(400);
    expect((await bySchool.json()).details).toEqual([
      { field: 'school_id', error: 'Please choose a school.' },
    ]);
    const byDepartment = await create(
      { school_id: open.id, department_id: lenses },
      'lenses@alpha.edu',
    );
    expect(byDepartment.status).toBe(400);
    expect((await byDepartment.json()).details).toEqual([
      { field: 'department_id', error: 'Please choose a department of the school.' },
    ]);
    expect((await create({ school_id: open.id }, 'optics@alpha.edu')).status).toBe(201);
  });

  it('lists members with status ids and e-mail, filtered and paged', async () => {
    const res = await call('GET', '/admin/users?page_size=2', admin);
    const body = adminUsersAnswer.parse(await res.json());
    expect(body.users.length).toBeLessThanOrEqual(2);
    expect(body.total_pages).toBe(Math.ceil(body.total_count / 2));
    const pending = adminUsersAnswer.parse(
      await (await call('GET', '/admin/users?admin_status_id=1', admin)).json(),
    );
    expect(pending.users.every((u) => u.admin_status_id === 1)).toBe(true);
    expect((await call('GET', '/admin/users?page=999', admin)).status).toBe(404);
    expect((await call('GET', '/admin/users?page_size=101', admin)).status).toBe(400);
  });

  it('approving a requested invitation mails the claim link; the claim then works', async () => {
    const requested = await t.request(
      `/api/v1/request-invitation?tenant_id=${alpha.tenantId}`,
      jsonInit('POST', {
        first_name: 'Rosalind',
        last_name: 'Franklin',
        email: 'rosalind@alpha.edu',
        role_id: 1,
        linkedin_url: 'https://www.linkedin.com/in/rosalind',
      }),
    );
    const { id } = await requested.json();
    const before = (await mailsTo(t.db, alpha.tenantId, 'rosalind@alpha.edu')).length;
    const res = await call('PUT', `/admin/users/${id}/approval`, admin, { admin_status_id: 2 });
    expect(res.status).toBe(200);
    const mails = await mailsTo(t.db, alpha.tenantId, 'rosalind@alpha.edu');
    expect(mails.length).toBe(before + 1);
    const { token } = claimLinkOf(mails[0]?.textBody ?? '');
    const accept = await t.request(
      `/api/v1/users/${id}/status?tenant_id=${alpha.tenantId}&token=${token}`,
      jsonInit('PUT', { status: 'accept' }),
    );
    expect(accept.status).toBe(200);
  });

  it('declining revokes the member’s sessions at once', async () => {
    const member = await makeUser(t.db, alpha.tenantId, { email: 'soon-gone@alpha.edu' });
    await giveAccount(t.db, alpha.tenantId, member.id);
    const cookie = await signInCookie(t.request, alpha.tenantId, member.email);
    expect(
      (await call('PUT', `/admin/users/${member.id}/approval`, admin, { admin_status_id: 3 }))
        .status,
    ).toBe(200);
    expect((await t.request('/api/v1/auth/session', { headers: { cookie } })).status).toBe(401);
    const signIn = await t.request(
      '/api/v1/auth/sign-in',
      jsonInit('POST', {
        email: member.email,
        password: 'Kindling!2026',
        tenant_id: alpha.tenantId,
      }),
    );
    expect(signIn.status).toBe(423);
  });

  it('a permission change applies on the member’s next call', async () => {
    const member = await makeUser(t.db, alpha.tenantId, {
      email: 'promoted@alpha.edu',
      permissions: [],
    });
    await giveAccount(t.db, alpha.tenantId, member.id);
    const cookie = await signInCookie(t.request, alpha.tenantId, member.email);
    expect((await call('GET', '/admin/users', cookie)).status).toBe(403);
    const res = await call('PUT', `/admin/users/${member.id}/permissions`, admin, {
      permissions: ['admin', 'admin'],
    });
    expect(res.status).toBe(200);
    expect((await call('GET', '/admin/users', cookie)).status).toBe(200);
    const bad = await call('PUT', `/admin/users/${member.id}/permissions`, admin, {
      permissions: ['root'],
    });
    expect(bad.status).toBe(400);
  });

  it('adds schools, departments, support types and IP statuses; a used name is 409', async () => {
    const school = await call('POST', '/admin/schools', admin, { name: 'School of Music' });
    expect(school.status).toBe(201);
    const { id: schoolId } = await school.json();
    expect((await call('POST', '/admin/schools', admin, { name: 'school of music' })).status).toBe(
      409,
    );
    const dept = await call('POST', '/admin/departments', admin, {
      name: 'Composition',
      school_id: schoolId,
    });
    expect(dept.status).toBe(201);
    await call('PUT', `/admin/schools/${schoolId}`, admin, { is_active: false });
    const underDeactivated = await call('POST', '/admin/departments', admin, {
      name: 'Conducting',
      school_id: schoolId,
    });
    expect(underDeactivated.status).toBe(400);
    expect((await underDeactivated.json()).details).toEqual([
      {
        field: 'school_id',
        error: 'This school is deactivated; reactivate it before adding departments.',
      },
    ]);
    expect((await call('POST', '/admin/support', admin, { name: 'Lab space' })).status).toBe(201);
    expect((await call('POST', '/admin/ip-status', admin, { name: 'Trade secret' })).status).toBe(
      201,
    );
    expect((await call('POST', '/admin/support', admin, { name: 'funding' })).status).toBe(409);
    const empty = await call('POST', '/admin/schools', admin, { name: '  ' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).details).toEqual([{ field: 'name', error: 'Name is required.' }]);
    const schools = await (await call('GET', '/schools', admin)).json();
    expect(schools.schools.map((s: { name: string }) => s.name)).toContain('School of Music');
    const support = await (await call('GET', '/support', admin)).json();
    expect(support.support_or_partnership.map((s: { name: string }) => s.name)).toContain(
      'Lab space',
    );
  });

  it('writes every change to the audit log with its actor, and nothing for a refused one', async () => {
    const entries = () =>
      t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.tenantId, alpha.tenantId))
        .orderBy(desc(auditLog.id));
    const member = await makeUser(t.db, alpha.tenantId, { email: 'audited@alpha.edu' });
    await call('PUT', `/admin/users/${member.id}/permissions`, admin, {
      permissions: ['create_idea'],
    });
    const [latest] = await entries();
    expect(latest).toMatchObject({
      action: 'member.permissions',
      actorEmail: `admin@${alpha.domain}`,
      targetType: 'user',
      targetId: member.id,
    });
    expect(latest?.summary).toContain('audited@alpha.edu');
    const before = (await entries()).length;
    const refused = await call('POST', '/admin/schools', admin, { name: 'School of Law' });
    expect(refused.status).toBe(409);
    expect((await entries()).length).toBe(before);
    const betaEntries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, beta.tenantId), eq(auditLog.targetId, member.id)));
    expect(betaEntries).toEqual([]);
  });

  it('an administrator of another tenant finds none of these members: 404', async () => {
    expect(
      (await call('PUT', `/admin/users/${facultyId}/approval`, betaAdmin, { admin_status_id: 3 }))
        .status,
    ).toBe(404);
    expect(
      (await call('PUT', `/admin/users/${facultyId}/permissions`, betaAdmin, { permissions: [] }))
        .status,
    ).toBe(404);
    const list = adminUsersAnswer.parse(
      await (await call('GET', '/admin/users?page_size=100', betaAdmin)).json(),
    );
    expect(list.users.map((u) => u.email)).toEqual([`admin@${beta.domain}`]);
    const alphaSchool = await makeSchool(t.db, alpha.tenantId, 'Alpha Only School');
    const dept = await call('POST', '/admin/departments', betaAdmin, {
      name: 'Sneaky',
      school_id: alphaSchool.id,
    });
    expect(dept.status).toBe(400);
    const stillFaculty = await t.request('/api/v1/auth/session', { headers: { cookie: faculty } });
    expect(stillFaculty.status).toBe(200);
  });
});
