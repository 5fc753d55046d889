import {
  adminUsersAnswer,
  overviewAnswer,
  selfLockoutMessages,
  signInMessages,
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
  TEST_PASSWORD,
} from '../../test/factories.ts';
import { claimLinkOf, mailsTo } from '../../test/mail.ts';
import { auditLog } from '../db/schema.ts';

describe('the console’s member calls', () => {
  let t: TestApp;
  let alpha: Awaited<ReturnType<typeof makeTenant>>;
  let beta: Awaited<ReturnType<typeof makeTenant>>;
  let admin: string;
  let betaAdmin: string;
  let student: string;
  let studentId: number;

  const call = (method: string, path: string, cookie: string, body?: unknown) =>
    t.request(
      `/api/v1${path}`,
      body === undefined ? { method, headers: { cookie } } : jsonInit(method, body, cookie),
    );
  const list = async (query: string, cookie = admin) => {
    const res = await call('GET', `/admin/users?page_size=100&${query}`, cookie);
    expect(res.status, query).toBe(200);
    return adminUsersAnswer.parse(await res.json()).users;
  };
  const signIn = (email: string, password = TEST_PASSWORD, tenantId = alpha.tenantId) =>
    t.request('/api/v1/auth/sign-in', jsonInit('POST', { email, password, tenant_id: tenantId }));
  const latestAudit = async (tenantId = alpha.tenantId) => {
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.tenantId, tenantId))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row;
  };

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await makeTenant(t.db, 'Alpha University');
    beta = await makeTenant(t.db, 'Beta Institute');
    admin = await signInCookie(t.request, alpha.tenantId, `admin@${alpha.domain}`);
    betaAdmin = await signInCookie(t.request, beta.tenantId, `admin@${beta.domain}`);
    const member = await makeUser(t.db, alpha.tenantId, {
      email: 'student@alpha.edu',
      permissions: ['create_idea'],
    });
    studentId = member.id;
    await giveAccount(t.db, alpha.tenantId, member.id);
    student = await signInCookie(t.request, alpha.tenantId, member.email);
  });
  afterAll(() => t.close());

  it('is 403 without the admin permission and 401 without a session', async () => {
    const calls: [string, string, unknown?][] = [
      ['PUT', `/admin/users/${studentId}/disabled`, { disabled: true }],
      ['POST', `/admin/users/${studentId}/claim-mail`],
      ['PUT', `/admin/users/${studentId}/role`, { role_id: 2 }],
      ['GET', '/admin/overview'],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(method, path, student, body)).status, `${method} ${path}`).toBe(403);
      const anonymous = await t.request(
        `/api/v1${path}`,
        body === undefined ? { method } : jsonInit(method, body),
      );
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
  });

  it('searches by name or e-mail and filters by standing, role, school and department', async () => {
    const school = await makeSchool(t.db, alpha.tenantId, 'School of Filters');
    const make = (email: string, values: Parameters<typeof makeUser>[2] = {}) =>
      makeUser(t.db, alpha.tenantId, { email, lastName: 'Filterson', ...values });
    const pending = await make('pending@filter.edu', { adminStatusId: 1, userStatusId: 1 });
    const invited = await make('invited@filter.edu', { userStatusId: 1, roleId: 2 });
    const active = await make('active@filter.edu', { schoolId: school.id, firstName: 'Zora' });
    await giveAccount(t.db, alpha.tenantId, active.id);
    const declined = await make('declined@filter.edu', { adminStatusId: 3 });
    const refused = await make('refused@filter.edu', { userStatusId: 3 });
    const disabled = await make('disabled@filter.edu', { isDisabled: true });
    await giveAccount(t.db, alpha.tenantId, disabled.id);

    const ids = (users: { id: number }[]) => users.map((u) => u.id).sort((a, b) => a - b);
    expect(ids(await list('q=filterson'))).toEqual(
      ids([pending, invited, active, declined, refused, disabled]),
    );
    expect(ids(await list('q=ZORA%20filt'))).toEqual([active.id]);
    expect(ids(await list('q=%40filter.edu&status=pending'))).toEqual([pending.id]);
    expect(ids(await list('q=filterson&status=invited'))).toEqual([invited.id]);
    expect(ids(await list('q=filterson&status=active'))).toEqual([active.id]);
    expect(ids(await list('q=filterson&status=declined'))).toEqual(ids([declined, refused]));
    expect(ids(await list('q=filterson&status=disabled'))).toEqual([disabled.id]);
    expect(ids(await list('q=filterson&role_id=2'))).toEqual([invited.id]);
    expect(ids(await list(`school_id=${school.id}`))).toEqual([active.id]);
    expect(await list('q=%25')).toEqual([]);
    expect(await list('q=filterson&department_id=999999')).toEqual([]);
    const bad = await call('GET', '/admin/users?status=asleep', admin);
    expect(bad.status).toBe(400);
    expect((await bad.json()).details[0].field).toBe('status');
    expect((await call('GET', '/admin/users?role_id=abc', admin)).status).toBe(400);
    expect((await call('GET', '/admin/users?q=a%00b', admin)).status).toBe(400);
  });

  it('disabling refuses sign-in with its message and ends sessions at once; re-enabling restores', async () => {
    const member = await makeUser(t.db, alpha.tenantId, { email: 'to-disable@alpha.edu' });
    await giveAccount(t.db, alpha.tenantId, member.id);
    const cookie = await signInCookie(t.request, alpha.tenantId, member.email);
    const session = () => t.request('/api/v1/auth/session', { headers: { cookie } });
    expect((await session()).status).toBe(200);

    const res = await call('PUT', `/admin/users/${member.id}/disabled`, admin, { disabled: true });
    expect(res.status).toBe(200);
    expect((await session()).status).toBe(401);
    const refused = await signIn(member.email);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(signInMessages.disabled);
    expect(await latestAudit()).toMatchObject({
      action: 'member.disable',
      targetId: member.id,
      actorEmail: `admin@${alpha.domain}`,
    });
    expect(
      (await list('status=disabled'))
        .map((u) => [u.id, u.is_disabled])
        .find(([id]) => id === member.id),
    ).toEqual([member.id, true]);

    expect(
      (await call('PUT', `/admin/users/${member.id}/disabled`, admin, { disabled: false })).status,
    ).toBe(200);
    expect((await latestAudit())?.action).toBe('member.enable');
    expect((await signIn(member.email)).status).toBe(200);
    const bad = await call('PUT', `/admin/users/${member.id}/disabled`, admin, { disabled: 'yes' });
    expect(bad.status).toBe(400);
  });

  it('an administrator cannot disable, decline or un-admin themselves', async () => {
    const self = alpha.adminUserId;
    const before = (await latestAudit())?.id;
    const disable = await call('PUT', `/admin/users/${self}/disabled`, admin, { disabled: true });
    expect(disable.status).toBe(409);
    expect((await disable.json()).message).toBe(selfLockoutMessages.disable);
    const decline = await call('PUT', `/admin/users/${self}/approval`, admin, {
      admin_status_id: 3,
    });
    expect(decline.status).toBe(409);
    expect((await decline.json()).message).toBe(selfLockoutMessages.decline);
    const permissions = await call('PUT', `/admin/users/${self}/permissions`, admin, {
      permissions: ['create_idea'],
    });
    expect(permissions.status).toBe(409);
    expect((await permissions.json()).message).toBe(selfLockoutMessages.admin);
    const role = await call('PUT', `/admin/users/${self}/role`, admin, {
      role_id: 1,
      permissions: [],
    });
    expect(role.status).toBe(409);
    expect((await latestAudit())?.id).toBe(before);
    expect((await call('GET', '/admin/overview', admin)).status).toBe(200);
  });

  it('resending the claim mail voids the earlier link; a claimed profile is 409', async () => {
    const created = await call('POST', '/admin/users', admin, {
      first_name: 'Marie',
      last_name: 'Curie',
      email: 'marie@alpha.edu',
      role_id: 2,
    });
    const { id } = await created.json();
    const [first] = await mailsTo(t.db, alpha.tenantId, 'marie@alpha.edu');
    const oldToken = claimLinkOf(first?.textBody ?? '').token;
    const res = await call('POST', `/admin/users/${id}/claim-mail`, admin);
    expect(res.status).toBe(200);
    const mails = await mailsTo(t.db, alpha.tenantId, 'marie@alpha.edu');
    expect(mails.length).toBe(2);
    const newToken = claimLinkOf(mails[0]?.textBody ?? '').token;
    expect(newToken).not.toBe(oldToken);
    const verify = (token: string) =>
      t.request(`/api/v1/verify-token?token=${token}&tenant_id=${alpha.tenantId}`);
    expect((await verify(oldToken)).status).not.toBe(200);
    expect((await verify(newToken)).status).toBe(200);
    expect(await latestAudit()).toMatchObject({ action: 'member.claim-mail', targetId: id });

    const claimed = await call('POST', `/admin/users/${studentId}/claim-mail`, admin);
    expect(claimed.status).toBe(409);
    expect((await claimed.json()).message).toContain('already claimed');
    const pending = await makeUser(t.db, alpha.tenantId, { adminStatusId: 1, userStatusId: 1 });
    expect((await call('POST', `/admin/users/${pending.id}/claim-mail`, admin)).status).toBe(409);
  });

  it('changes a role, with permissions in the same change when given', async () => {
    const member = await makeUser(t.db, alpha.tenantId, {
      email: 'role-change@alpha.edu',
      permissions: ['create_idea'],
    });
    const res = await call('PUT', `/admin/users/${member.id}/role`, admin, { role_id: 2 });
    expect(res.status).toBe(200);
    let row = (await list('q=role-change')).at(0);
    expect(row).toMatchObject({ role_id: 2, role_name: 'Faculty', permissions: ['create_idea'] });
    await call('PUT', `/admin/users/${member.id}/role`, admin, {
      role_id: 3,
      permissions: ['invite_user', 'admin', 'admin'],
    });
    row = (await list('q=role-change')).at(0);
    expect(row).toMatchObject({ role_id: 3, permissions: ['invite_user', 'admin'] });
    expect(await latestAudit()).toMatchObject({ action: 'member.role', targetId: member.id });
    const unknown = await call('PUT', `/admin/users/${member.id}/role`, admin, { role_id: 99 });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).details[0].field).toBe('role_id');
    const missing = await call('PUT', `/admin/users/${member.id}/role`, admin, {});
    expect(missing.status).toBe(400);
  });

  it('counts members by standing and role, ideas and follows by month', async () => {
    const res = await call('GET', '/admin/overview', betaAdmin);
    expect(res.status).toBe(200);
    const body = overviewAnswer.parse(await res.json());
    expect(body.members_by_status).toEqual({
      pending: 0,
      invited: 0,
      active: 1,
      declined: 0,
      disabled: 0,
    });
    expect(body.members_by_role.find((r) => r.role_id === 3)?.count).toBe(1);
    expect(body.ideas_by_month).toHaveLength(12);
    expect(body.ideas_by_month.at(-1)?.month).toBe(new Date().toISOString().slice(0, 7));
    expect(body.follows_by_month.every((m) => m.count === 0)).toBe(true);

    const alphaBody = overviewAnswer.parse(
      await (await call('GET', '/admin/overview', admin)).json(),
    );
    expect(alphaBody.members_by_status.disabled).toBeGreaterThanOrEqual(1);
    expect(alphaBody.members_by_status.pending).toBeGreaterThanOrEqual(1);
  });

  it('an administrator of another tenant finds none of these members: 404, nothing changed', async () => {
    const calls: [string, string, unknown?][] = [
      ['PUT', `/admin/users/${studentId}/disabled`, { disabled: true }],
      ['POST', `/admin/users/${studentId}/claim-mail`],
      ['PUT', `/admin/users/${studentId}/role`, { role_id: 2 }],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(method, path, betaAdmin, body)).status, `${method} ${path}`).toBe(404);
    }
    expect((await t.request('/api/v1/auth/session', { headers: { cookie: student } })).status).toBe(
      200,
    );
    expect(await list('q=student%40alpha', betaAdmin)).toEqual([]);
    const leaked = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, beta.tenantId), eq(auditLog.targetId, studentId)));
    expect(leaked).toEqual([]);
  });
});
