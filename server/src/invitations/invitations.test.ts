import { invitedUserRecord } from '@kindling/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { giveAccount, jsonInit, makeTenant, makeUser, signInCookie } from '../../test/factories.ts';
import { claimLinkOf, lastMailTo, mailsTo } from '../../test/mail.ts';

const valid = {
  first_name: 'Marie',
  last_name: 'Curie',
  email: 'marie@alpha.edu',
  role_id: 2,
  google_scholar_url: 'https://scholar.google.com/citations?user=AbCdEf123456',
  linkedin_url: 'https://www.linkedin.com/in/marie-curie',
};

describe('invitations and the claim flow', () => {
  let t: TestApp;
  let alpha: Awaited<ReturnType<typeof makeTenant>>;
  let beta: Awaited<ReturnType<typeof makeTenant>>;
  let adminCookie: string;
  let facultyCookie: string;
  let studentCookie: string;
  let n = 0;
  const email = () => `person${++n}@alpha.edu`;

  const requestInvitation = (
    body: Record<string, unknown>,
    query = `?tenant_id=${alpha.tenantId}`,
  ) => t.request(`/api/v1/request-invitation${query}`, jsonInit('POST', body));
  const invite = (body: Record<string, unknown>, cookie: string) =>
    t.request('/api/v1/invite-user', jsonInit('POST', body, cookie));
  const verify = (token: string, tenantId = alpha.tenantId) =>
    t.request(`/api/v1/verify-token?token=${encodeURIComponent(token)}&tenant_id=${tenantId}`);
  const setStatus = (id: number, token: string, status: string) =>
    t.request(
      `/api/v1/users/${id}/status?tenant_id=${alpha.tenantId}&token=${encodeURIComponent(token)}`,
      jsonInit('PUT', { status }),
    );
  const claim = (token: string, password = 'Claim!Pass1') =>
    t.request(
      '/api/v1/auth/claim',
      jsonInit('POST', { token, tenant_id: alpha.tenantId, password }),
    );

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await makeTenant(t.db, 'Alpha University');
    beta = await makeTenant(t.db, 'Beta Institute');
    adminCookie = await signInCookie(t.request, alpha.tenantId, `admin@${alpha.domain}`);
    const faculty = await makeUser(t.db, alpha.tenantId, {
      email: 'prof@alpha.edu',
      roleId: 2,
      firstName: 'Ada',
      lastName: 'Lovelace',
      permissions: ['create_idea', 'update_idea', 'delete_idea', 'invite_user'],
    });
    await giveAccount(t.db, alpha.tenantId, faculty.id);
    facultyCookie = await signInCookie(t.request, alpha.tenantId, faculty.email);
    const student = await makeUser(t.db, alpha.tenantId, {
      email: 'student@alpha.edu',
      permissions: ['create_idea'],
    });
    await giveAccount(t.db, alpha.tenantId, student.id);
    studentCookie = await signInCookie(t.request, alpha.tenantId, student.email);
  });
  afterAll(() => t.close());

  describe('request an invitation', () => {
    it('creates a pending record, acknowledges the requester and tells the administrators', async () => {
      const address = email();
      const res = await requestInvitation({ ...valid, email: address, tenant_id: alpha.tenantId });
      expect(res.status).toBe(201);
      const body = await res.json();
      expect(body).toEqual({ id: expect.any(Number), message: expect.any(String) });
      const ack = await lastMailTo(t.db, alpha.tenantId, address);
      expect(ack.subject).toContain('Alpha University');
      const toAdmin = await lastMailTo(t.db, alpha.tenantId, `admin@${alpha.domain}`);
      expect(toAdmin.textBody).toContain('Marie Curie');
      expect(toAdmin.textBody).toContain(`tenant=${alpha.domain}`);
      const list = await t.request('/api/v1/admin/users?admin_status_id=1', {
        headers: { cookie: adminCookie },
      });
      const pending = (await list.json()).users.find((u: { id: number }) => u.id === body.id);
      expect(pending).toMatchObject({
        admin_status_id: 1,
        user_status_id: 1,
        email: address,
        has_account: false,
      });
    });

    it('a missing tenant is 400 with the SPEC message; query and body must agree', async () => {
      const missing = await requestInvitation({ ...valid, email: email() }, '');
      expect(missing.status).toBe(400);
      expect((await missing.json()).message).toBe('Tenant ID is required to request an invitation');
      const differ = await requestInvitation(
        { ...valid, email: email(), tenant_id: beta.tenantId },
        `?tenant_id=${alpha.tenantId}`,
      );
      expect(differ.status).toBe(400);
      const bodyOnly = await requestInvitation(
        { ...valid, email: email(), tenant_id: alpha.tenantId },
        '',
      );
      expect(bodyOnly.status).toBe(201);
    });

    it('a known e-mail is 409 CONFLICT containing "already exists."', async () => {
      const res = await requestInvitation({ ...valid, email: 'PROF@alpha.edu' });
      expect(res.status).toBe(409);
      const body = await res.json();
      expect(body.code).toBe('CONFLICT');
      expect(body.message).toContain('already exists.');
    });

    it('answers every SPEC §5 message in the "your" wording', async () => {
      const res = await requestInvitation({
        first_name: '',
        last_name: 'X',
        email: 'bad',
        linkedin_url: 'https://example.com/x',
      });
      expect(res.status).toBe(400);
      expect((await res.json()).details).toEqual([
        { field: 'first_name', error: 'Please enter your first name.' },
        { field: 'last_name', error: 'Please enter your last name that is at least 2 characters.' },
        { field: 'email', error: 'Please enter a valid email address.' },
        { field: 'role_id', error: 'Please choose your current involvement with the University.' },
        { field: 'linkedin_url', error: 'Please enter a valid LinkedIn URL.' },
      ]);
      const more = await requestInvitation({
        first_name: 'J4ne',
        last_name: 'Doe',
        email: '',
        role_id: 1,
      });
      expect((await more.json()).details).toEqual([
        {
          field: 'first_name',
          error: 'Please enter your first name that is at least 2 characters.',
        },
        { field: 'email', error: 'Please enter your email address.' },
        { field: 'linkedin_url', error: 'Please enter your LinkedIn URL.' },
      ]);
      const scholar = await requestInvitation({
        ...valid,
        email: email(),
        google_scholar_url: 'https://scholar.google.com/nope',
      });
      expect((await scholar.json()).details).toEqual([
        { field: 'google_scholar_url', error: 'Please enter a valid Google Scholar URL.' },
      ]);
    });

    it('a role the tenant does not have is a role_id error', async () => {
      const res = await requestInvitation({ ...valid, email: email(), role_id: 9 });
      expect(res.status).toBe(400);
      expect((await res.json()).details[0].field).toBe('role_id');
    });

    it('ignores Google Scholar for roles other than faculty and unknown fields such as permissions', async () => {
      const address = email();
      const res = await requestInvitation({
        ...valid,
        email: address,
        role_id: 1,
        permissions: ['admin'],
        admin_status_id: 2,
      });
      expect(res.status).toBe(201);
      const list = await (
        await t.request('/api/v1/admin/users?page_size=100', { headers: { cookie: adminCookie } })
      ).json();
      const record = list.users.find((u: { email: string }) => u.email === address);
      expect(record).toMatchObject({ google_scholar_url: null, admin_status_id: 1 });
      expect(record.permissions).not.toContain('admin');
    });
  });

  describe('invite others', () => {
    it('needs invite_user: a student is 403', async () => {
      const res = await invite({ ...valid, email: email() }, studentCookie);
      expect(res.status).toBe(403);
    });

    it('needs a session', async () => {
      expect((await t.request('/api/v1/invite-user', jsonInit('POST', valid))).status).toBe(401);
    });

    it('mails the claim link at once; a faculty invitation waits for approval', async () => {
      const address = email();
      const res = await invite(
        { ...valid, email: address, invited_user_id: 999999 },
        facultyCookie,
      );
      expect(res.status).toBe(201);
      const { id } = await res.json();
      const mail = await lastMailTo(t.db, alpha.tenantId, address);
      expect(mail.textBody).toContain('Ada Lovelace has invited you');
      const link = claimLinkOf(mail.textBody);
      expect(link.url.origin).toBe('http://localhost:3000');
      expect(link.tenantId).toBe(alpha.tenantId);
      expect(link.tenant).toBe(alpha.domain);
      const record = invitedUserRecord.parse(await (await verify(link.token)).json());
      expect(record).toMatchObject({ id, admin_status_id: 1, user_status_id: 1, account_id: null });
      expect((await setStatus(id, link.token, 'accept')).status).toBe(403);
    });

    it('an administrator’s invitation is approved and can be claimed end to end', async () => {
      const address = email();
      const res = await invite({ ...valid, email: address, role_id: 3 }, adminCookie);
      const { id } = await res.json();
      const { token } = claimLinkOf((await lastMailTo(t.db, alpha.tenantId, address)).textBody);
      expect(await (await verify(token)).json()).toMatchObject({
        admin_status_id: 2,
        user_status_id: 1,
      });

      expect((await claim(token)).status).toBe(403);
      const accepted = await setStatus(id, token, 'accept');
      expect(accepted.status).toBe(200);
      expect(await accepted.json()).toEqual({
        message: 'Successfully updated the user_status_id.',
      });

      const weak = await claim(token, 'weakpass');
      expect(weak.status).toBe(400);
      expect((await weak.json()).details).toEqual([
        {
          field: 'password',
          error:
            'Min 8 characters and include 1 number, 1 special character, and 1 uppercase and 1 lowercase',
        },
      ]);
      expect((await claim(token)).status).toBe(201);
      const after = invitedUserRecord.parse(await (await verify(token)).json());
      expect(after.account_id).toMatch(/^[0-9a-f-]{36}$/);
      expect((await claim(token)).status).toBe(409);
      expect((await setStatus(id, token, 'decline')).status).toBe(409);
      expect(await signInCookie(t.request, alpha.tenantId, address, 'Claim!Pass1')).toMatch(
        /^kindling_session=/,
      );
    });

    it('a known e-mail is 409 with "already exists."', async () => {
      const res = await invite({ ...valid, email: 'student@alpha.edu' }, facultyCookie);
      expect(res.status).toBe(409);
      expect((await res.json()).message).toBe(
        'An account or invitation with this email already exists.',
      );
    });

    it('answers the "a" wording', async () => {
      const res = await invite({ first_name: 'A', email: '' }, facultyCookie);
      expect((await res.json()).details).toEqual([
        { field: 'first_name', error: 'Please enter a first name that is at least 2 characters.' },
        { field: 'last_name', error: 'Please enter a last name.' },
        { field: 'email', error: 'Please enter a email address.' },
        { field: 'role_id', error: 'Please choose current involvement with the University.' },
        { field: 'linkedin_url', error: 'Please enter a LinkedIn URL.' },
      ]);
    });
  });

  describe('claim tokens', () => {
    it('decline sets the declined status', async () => {
      const address = email();
      const { id } = await (await invite({ ...valid, email: address }, adminCookie)).json();
      const { token } = claimLinkOf((await lastMailTo(t.db, alpha.tenantId, address)).textBody);
      expect((await setStatus(id, token, 'decline')).status).toBe(200);
      expect((await (await verify(token)).json()).user_status_id).toBe(3);
    });

    it('a token of one user cannot change another user: 403', async () => {
      const a = email();
      const b = email();
      const { id: idA } = await (await invite({ ...valid, email: a }, adminCookie)).json();
      await invite({ ...valid, email: b }, adminCookie);
      const tokenB = claimLinkOf((await lastMailTo(t.db, alpha.tenantId, b)).textBody).token;
      expect((await setStatus(idA, tokenB, 'accept')).status).toBe(403);
    });

    it('an unknown token, or one used with another tenant, is 404', async () => {
      expect((await verify('no-such-token')).status).toBe(404);
      const address = email();
      await invite({ ...valid, email: address }, adminCookie);
      const { token } = claimLinkOf((await lastMailTo(t.db, alpha.tenantId, address)).textBody);
      expect((await verify(token, beta.tenantId)).status).toBe(404);
      expect((await verify(token)).status).toBe(200);
    });

    it('expires after 14 days', async () => {
      const address = email();
      await invite({ ...valid, email: address }, adminCookie);
      const { token } = claimLinkOf((await lastMailTo(t.db, alpha.tenantId, address)).textBody);
      const realNow = t.deps.now;
      t.deps.now = () => new Date(Date.now() + 14 * 86_400_000 + 1000);
      try {
        expect((await verify(token)).status).toBe(404);
      } finally {
        t.deps.now = realNow;
      }
    });

    it('the status call needs the token in the query', async () => {
      const res = await t.request(
        `/api/v1/users/1/status?tenant_id=${alpha.tenantId}`,
        jsonInit('PUT', { status: 'accept' }),
      );
      expect(res.status).toBe(400);
      const bad = await t.request(
        `/api/v1/users/1/status?tenant_id=${alpha.tenantId}&token=x`,
        jsonInit('PUT', { status: 'maybe' }),
      );
      expect(bad.status).toBe(400);
    });

    it('keeps mails in the outbox of the tenant they belong to', async () => {
      const address = email();
      await invite({ ...valid, email: address }, adminCookie);
      expect((await mailsTo(t.db, beta.tenantId, address)).length).toBe(0);
      expect((await mailsTo(t.db, alpha.tenantId, address)).length).toBe(1);
    });
  });
});
