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
  makeUser,
  TEST_PASSWORD,
} from '../../test/factories.ts';
import { type Client, freshTenant } from '../../test/fixtures.ts';
import { claimLinkOf, mailsTo } from '../../test/mail.ts';
import { auditLog } from '../db/schema-records.ts';

describe('the console’s member calls', () => {
  let t: TestApp;

  const list = async (admin: Client, query: string) => {
    const res = await admin.call('GET', `/admin/users?page_size=100&${query}`);
    expect(res.status, query).toBe(200);
    return adminUsersAnswer.parse(await res.json()).users;
  };
  const signIn = (tenantId: number, email: string, password = TEST_PASSWORD) =>
    t.request('/api/v1/auth/sign-in', jsonInit('POST', { email, password, tenant_id: tenantId }));
  const latestAudit = async (tenantId: number) => {
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
  });
  afterAll(() => t.close());

  it('is 403 without the admin permission and 401 without a session', async () => {
    const alpha = await freshTenant(t);
    const student = await alpha.member({ permissions: ['create_idea'] });
    const calls: [string, string, unknown?][] = [
      ['PUT', `/admin/users/${student.id}/disabled`, { disabled: true }],
      ['POST', `/admin/users/${student.id}/claim-mail`],
      ['PUT', `/admin/users/${student.id}/role`, { role_id: 2 }],
      ['GET', '/admin/overview'],
    ];
    for (const [method, path, body] of calls) {
      expect((await student.client.call(method, path, body)).status, `${method} ${path}`).toBe(403);
      const anonymous = await t.request(
        `/api/v1${path}`,
        body === undefined ? { method } : jsonInit(method, body),
      );
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
  });

  it('searches by name or e-mail and filters by standing, role, school and department', async () => {
    const alpha = await freshTenant(t);
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
    const admin = alpha.admin;
    expect(ids(await list(admin, 'q=filterson'))).toEqual(
      ids([pending, invited, active, declined, refused, disabled]),
    );
    expect(ids(await list(admin, 'q=ZORA%20filt'))).toEqual([active.id]);
    expect(ids(await list(admin, 'q=%40filter.edu&status=pending'))).toEqual([pending.id]);
    expect(ids(await list(admin, 'q=filterson&status=invited'))).toEqual([invited.id]);
    expect(ids(await list(admin, 'q=filterson&status=active'))).toEqual([active.id]);
    expect(ids(await list(admin, 'q=filterson&status=declined'))).toEqual(ids([declined, refused]));
    expect(ids(await list(admin, 'q=filterson&status=disabled'))).toEqual([disabled.id]);
    expect(ids(await list(admin, 'q=filterson&role_id=2'))).toEqual([invited.id]);
    expect(ids(await list(admin, `school_id=${school.id}`))).toEqual([active.id]);
    expect(await list(admin, 'q=%25')).toEqual([]);
    expect(await list(admin, 'q=filterson&department_id=999999')).toEqual([]);
    const bad = await admin.call('GET', '/admin/users?status=asleep');
    expect(bad.status).toBe(400);
    expect((await bad.json()).details[0].field).toBe('status');
    expect((await admin.call('GET', '/admin/users?role_id=abc')).status).toBe(400);
    expect((await admin.call('GET', '/admin/users?q=a%00b')).status).toBe(400);
  });

  it('disabling refuses sign-in with its message and ends sessions at once; re-enabling restores', async () => {
    const alpha = await freshTenant(t);
    const member = await alpha.member({ email: 'to-disable@alpha.edu' });
    const session = () => member.client.call('GET', '/auth/session');
    expect((await session()).status).toBe(200);

    const path = `/admin/users/${member.id}/disabled`;
    expect((await alpha.admin.call('PUT', path, { disabled: true })).status).toBe(200);
    expect((await session()).status).toBe(401);
    const refused = await signIn(alpha.tenantId, member.email);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(signInMessages.disabled);
    expect(await latestAudit(alpha.tenantId)).toMatchObject({
      action: 'member.disable',
      targetId: member.id,
      actorEmail: `admin@${alpha.domain}`,
    });
    expect((await list(alpha.admin, 'status=disabled')).map((u) => [u.id, u.is_disabled])).toEqual([
      [member.id, true],
    ]);

    expect((await alpha.admin.call('PUT', path, { disabled: false })).status).toBe(200);
    expect((await latestAudit(alpha.tenantId))?.action).toBe('member.enable');
    expect((await signIn(alpha.tenantId, member.email)).status).toBe(200);
    expect((await alpha.admin.call('PUT', path, { disabled: 'yes' })).status).toBe(400);
  });

  it('an administrator cannot disable, decline or un-admin themselves', async () => {
    const alpha = await freshTenant(t);
    const self = alpha.adminUserId;
    const before = (await latestAudit(alpha.tenantId))?.id;
    const disable = await alpha.admin.call('PUT', `/admin/users/${self}/disabled`, {
      disabled: true,
    });
    expect(disable.status).toBe(409);
    expect((await disable.json()).message).toBe(selfLockoutMessages.disable);
    const decline = await alpha.admin.call('PUT', `/admin/users/${self}/approval`, {
      admin_status_id: 3,
    });
    expect(decline.status).toBe(409);
    expect((await decline.json()).message).toBe(selfLockoutMessages.decline);
    const permissions = await alpha.admin.call('PUT', `/admin/users/${self}/permissions`, {
      permissions: ['create_idea'],
    });
    expect(permissions.status).toBe(409);
    expect((await permissions.json()).message).toBe(selfLockoutMessages.admin);
    const role = await alpha.admin.call('PUT', `/admin/users/${self}/role`, {
      role_id: 1,
      permissions: [],
    });
    expect(role.status).toBe(409);
    expect((await latestAudit(alpha.tenantId))?.id).toBe(before);
    expect((await alpha.admin.call('GET', '/admin/overview')).status).toBe(200);
  });

  it('resending the claim mail voids the earlier link; a claimed profile is 409', async () => {
    const alpha = await freshTenant(t);
    const student = await alpha.member();
    const created = await alpha.admin.call('POST', '/admin/users', {
      first_name: 'Marie',
      last_name: 'Curie',
      email: 'marie@alpha.edu',
      role_id: 2,
    });
    const { id } = await created.json();
    const [first] = await mailsTo(t.db, alpha.tenantId, 'marie@alpha.edu');
    const oldToken = claimLinkOf(first?.textBody ?? '').token;
    const res = await alpha.admin.call('POST', `/admin/users/${id}/claim-mail`);
    expect(res.status).toBe(200);
    const mails = await mailsTo(t.db, alpha.tenantId, 'marie@alpha.edu');
    expect(mails.length).toBe(2);
    const newToken = claimLinkOf(mails[0]?.textBody ?? '').token;
    expect(newToken).not.toBe(oldToken);
    const verify = (token: string) =>
      t.request(`/api/v1/verify-token?token=${token}&tenant_id=${alpha.tenantId}`);
    expect((await verify(oldToken)).status).not.toBe(200);
    expect((await verify(newToken)).status).toBe(200);
    expect(await latestAudit(alpha.tenantId)).toMatchObject({
      action: 'member.claim-mail',
      targetId: id,
    });

    const claimed = await alpha.admin.call('POST', `/admin/users/${student.id}/claim-mail`);
    expect(claimed.status).toBe(409);
    expect((await claimed.json()).message).toContain('already claimed');
    const pending = await makeUser(t.db, alpha.tenantId, { adminStatusId: 1, userStatusId: 1 });
    expect((await alpha.admin.call('POST', `/admin/users/${pending.id}/claim-mail`)).status).toBe(
      409,
    );
  });

  it('changes a role, with permissions in the same change when given', async () => {
    const alpha = await freshTenant(t);
    const member = await makeUser(t.db, alpha.tenantId, {
      email: 'role-change@alpha.edu',
      permissions: ['create_idea'],
    });
    const path = `/admin/users/${member.id}/role`;
    expect((await alpha.admin.call('PUT', path, { role_id: 2 })).status).toBe(200);
    let row = (await list(alpha.admin, 'q=role-change')).at(0);
    expect(row).toMatchObject({ role_id: 2, role_name: 'Faculty', permissions: ['create_idea'] });
    await alpha.admin.call('PUT', path, {
      role_id: 3,
      permissions: ['invite_user', 'admin', 'admin'],
    });
    row = (await list(alpha.admin, 'q=role-change')).at(0);
    expect(row).toMatchObject({ role_id: 3, permissions: ['invite_user', 'admin'] });
    expect(await latestAudit(alpha.tenantId)).toMatchObject({
      action: 'member.role',
      targetId: member.id,
    });
    const unknown = await alpha.admin.call('PUT', path, { role_id: 99 });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).details[0].field).toBe('role_id');
    expect((await alpha.admin.call('PUT', path, {})).status).toBe(400);
  });

  it('counts members by standing and role, ideas and follows by month', async () => {
    const overview = async (admin: Client) => {
      const res = await admin.call('GET', '/admin/overview');
      expect(res.status).toBe(200);
      return overviewAnswer.parse(await res.json());
    };
    const quiet = await freshTenant(t);
    const body = await overview(quiet.admin);
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

    const busy = await freshTenant(t);
    await makeUser(t.db, busy.tenantId, { adminStatusId: 1, userStatusId: 1 });
    await makeUser(t.db, busy.tenantId, { isDisabled: true });
    await makeUser(t.db, busy.tenantId, { adminStatusId: 3, roleId: 2 });
    expect((await overview(busy.admin)).members_by_status).toEqual({
      pending: 1,
      invited: 0,
      active: 1,
      declined: 1,
      disabled: 1,
    });
  });

  it('an administrator of another tenant finds none of these members: 404, nothing changed', async () => {
    const alpha = await freshTenant(t, 'Alpha University');
    const beta = await freshTenant(t, 'Beta Institute');
    const student = await alpha.member({ email: 'student@alpha.edu' });
    const calls: [string, string, unknown?][] = [
      ['PUT', `/admin/users/${student.id}/disabled`, { disabled: true }],
      ['POST', `/admin/users/${student.id}/claim-mail`],
      ['PUT', `/admin/users/${student.id}/role`, { role_id: 2 }],
    ];
    for (const [method, path, body] of calls) {
      expect((await beta.admin.call(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    expect((await student.client.call('GET', '/auth/session')).status).toBe(200);
    expect(await list(beta.admin, 'q=student%40alpha')).toEqual([]);
    const leaked = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, beta.tenantId), eq(auditLog.targetId, student.id)));
    expect(leaked).toEqual([]);
  });
});
