import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  giveAccount,
  jsonInit,
  makeTenant,
  makeUser,
  signInCookie,
  TEST_PASSWORD,
} from '../../test/factories.ts';
import { lastMailTo, mailsTo, resetCodeOf } from '../../test/mail.ts';
import { maskEmail } from './service.ts';

describe('forgot and reset password', () => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<typeof makeTenant>>;
  let counter = 0;

  const newMember = async () => {
    counter += 1;
    const user = await makeUser(t.db, tenant.tenantId, { email: `reset${counter}@alpha.edu` });
    await giveAccount(t.db, tenant.tenantId, user.id);
    return user;
  };
  const forgot = (email: string) =>
    t.request(
      '/api/v1/auth/forgot-password',
      jsonInit('POST', { email, tenant_id: tenant.tenantId }),
    );
  const reset = (email: string, code: string, password = 'New!Passw0rd') =>
    t.request(
      '/api/v1/auth/reset-password',
      jsonInit('POST', { email, code, password, tenant_id: tenant.tenantId }),
    );

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await makeTenant(t.db, 'Alpha University');
  });
  afterAll(() => t.close());

  it('masks the destination', () => {
    expect(maskEmail('jane.doe@uni.edu')).toBe('j***@u***.edu');
  });

  it('mails a 6-digit code on a line of its own and answers the masked destination', async () => {
    const user = await newMember();
    const res = await forgot(user.email);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ destination: maskEmail(user.email) });
    const mail = await lastMailTo(t.db, tenant.tenantId, user.email);
    expect(resetCodeOf(mail.textBody)).toMatch(/^\d{6}$/);
    expect(mail.htmlBody).toContain(resetCodeOf(mail.textBody));
  });

  it('an unknown e-mail is 404', async () => {
    const res = await forgot('ghost@alpha.edu');
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('User does not exist.');
  });

  it('resets with the code, revokes every session, and the new password signs in', async () => {
    const user = await newMember();
    const cookie = await signInCookie(t.request, tenant.tenantId, user.email);
    await forgot(user.email);
    const code = resetCodeOf((await lastMailTo(t.db, tenant.tenantId, user.email)).textBody);
    const res = await reset(user.email, code);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Password has been reset successfully' });
    expect((await t.request('/api/v1/auth/session', { headers: { cookie } })).status).toBe(401);
    await expect(
      signInCookie(t.request, tenant.tenantId, user.email, TEST_PASSWORD),
    ).rejects.toThrow();
    expect(await signInCookie(t.request, tenant.tenantId, user.email, 'New!Passw0rd')).toMatch(
      /^kindling_session=/,
    );
    const again = await reset(user.email, code);
    expect(again.status).toBe(400);
  });

  it('a newer code replaces the earlier one', async () => {
    const user = await newMember();
    await forgot(user.email);
    const first = resetCodeOf((await lastMailTo(t.db, tenant.tenantId, user.email)).textBody);
    await forgot(user.email);
    const second = resetCodeOf((await lastMailTo(t.db, tenant.tenantId, user.email)).textBody);
    if (first !== second) {
      expect((await reset(user.email, first)).status).toBe(400);
    }
    expect((await reset(user.email, second)).status).toBe(200);
  });

  it('a wrong code is 400 CODE_MISMATCH; the 5th is 429 and voids the code', async () => {
    const user = await newMember();
    await forgot(user.email);
    const code = resetCodeOf((await lastMailTo(t.db, tenant.tenantId, user.email)).textBody);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await reset(user.email, wrong);
      expect(res.status, `attempt ${i}`).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'CODE_MISMATCH' });
    }
    const fifth = await reset(user.email, wrong);
    expect(fifth.status).toBe(429);
    expect((await fifth.json()).message).toBe(
      'Attempt limit exceeded, please try after some time.',
    );
    expect((await reset(user.email, code)).status).toBe(400);
  });

  it('5 codes per e-mail an hour, then 429', async () => {
    const user = await newMember();
    for (let i = 0; i < 5; i++) expect((await forgot(user.email)).status).toBe(200);
    const sixth = await forgot(user.email);
    expect(sixth.status).toBe(429);
    expect((await mailsTo(t.db, tenant.tenantId, user.email)).length).toBe(5);
  });

  it('validates code and password with the SPEC messages', async () => {
    const user = await newMember();
    const res = await reset(user.email, '12ab', 'weak');
    expect(res.status).toBe(400);
    expect((await res.json()).details).toEqual([
      { field: 'code', error: 'Please enter a 6-digit confirmation code.' },
      { field: 'password', error: 'Please provide the password as per above guidelines' },
    ]);
    const empty = await t.request(
      '/api/v1/auth/forgot-password',
      jsonInit('POST', { email: '', tenant_id: tenant.tenantId }),
    );
    expect((await empty.json()).details).toEqual([
      { field: 'email', error: 'Please enter your email address.' },
    ]);
  });

  it('a code of tenant A does not reset the same e-mail in tenant B', async () => {
    const other = await makeTenant(t.db, 'Beta Institute');
    const user = await newMember();
    const twin = await makeUser(t.db, other.tenantId, { email: user.email });
    await giveAccount(t.db, other.tenantId, twin.id);
    await forgot(user.email);
    const code = resetCodeOf((await lastMailTo(t.db, tenant.tenantId, user.email)).textBody);
    const res = await t.request(
      '/api/v1/auth/reset-password',
      jsonInit('POST', {
        email: user.email,
        code,
        password: 'New!Passw0rd',
        tenant_id: other.tenantId,
      }),
    );
    expect(res.status).toBe(400);
  });
});
