import { mfaMessages, passkeyMessages, sessionAnswer } from '@kindling/contract';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { SoftAuthenticator } from '../../test/authenticator.ts';
import { TEST_PASSWORD } from '../../test/factories.ts';
import { freshTenant } from '../../test/fixtures.ts';
import { cookieOf, passkeyCalls } from '../../test/passkey-fixtures.ts';
import { accounts } from '../db/schema-auth.ts';
import { passkeys } from '../db/schema-mfa.ts';
import { auditLog } from '../db/schema-records.ts';
import { inTenant } from '../db/tenant-scope.ts';

describe('passkeys on the account screen: added, listed, renamed, removed (issue 20)', () => {
  let t: TestApp;
  const { call, addPasskey } = passkeyCalls(() => t);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.deps.rateLimits.passkeyCeremonies.delete('unknown');
  });
  afterAll(async () => {
    await t.close();
  });

  const registrationOptions = async (domain: string, cookie: string) => {
    const res = await call(domain, 'POST', '/auth/passkeys/registration-options', {}, cookie);
    expect(res.status).toBe(200);
    return (await res.json()) as PublicKeyCredentialCreationOptionsJSON;
  };

  it("adds a passkey for the tenant's host: a real attestation verified, its key kept as bytes, audited", async () => {
    const tenant = await freshTenant(t, 'Gamma University');
    const member = await tenant.member();
    const cookie = member.client.cookie;
    expect(
      await (await call(tenant.domain, 'GET', '/auth/passkeys', undefined, cookie)).json(),
    ).toEqual({
      passkeys: [],
    });

    const options = await registrationOptions(tenant.domain, cookie);
    expect(options.rp).toEqual({ id: tenant.domain, name: 'Gamma University' });
    expect(options.user.name).toBe(member.email);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const authenticator = new SoftAuthenticator(`http://${tenant.domain}`);
    const response = authenticator.create(options);
    const added = await call(
      tenant.domain,
      'POST',
      '/auth/passkeys',
      { name: ' Phone ', response },
      cookie,
    );
    expect(added.status).toBe(201);
    const item = await added.json();
    expect(item).toMatchObject({ name: 'Phone', last_used_at: null, backed_up: false });

    // The ceremony is used: the same attestation again is refused.
    const again = await call(
      tenant.domain,
      'POST',
      '/auth/passkeys',
      { name: 'Phone', response },
      cookie,
    );
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe(passkeyMessages.expired);

    const listed = await (
      await call(tenant.domain, 'GET', '/auth/passkeys', undefined, cookie)
    ).json();
    expect(listed.passkeys).toEqual([item]);
    const stored = await inTenant(t.db, tenant.tenantId, (tx) =>
      tx.select().from(passkeys).where(eq(passkeys.userId, member.id)),
    );
    expect(stored[0]?.publicKey).toBeInstanceOf(Uint8Array);
    expect(stored[0]?.publicKey.length).toBeGreaterThan(70);
    expect(stored[0]?.credentialId).toBe(response.id);
    expect(stored[0]?.counter).toBe(0);
    const audit = await inTenant(t.db, tenant.tenantId, (tx) =>
      tx.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorId, member.id)),
    );
    expect(audit).toEqual([{ action: 'passkey.add' }]);

    // The next ceremony excludes it, so an authenticator does not add it twice.
    const next = await registrationOptions(tenant.domain, cookie);
    expect(next.excludeCredentials?.map((one) => one.id)).toEqual([response.id]);
  });

  it('refuses every bad attestation and bad input, never a 500', async () => {
    const tenant = await freshTenant(t);
    const member = await tenant.member();
    const other = await tenant.member();
    const cookie = member.client.cookie;
    const origin = `http://${tenant.domain}`;
    const attempt = async (
      make: (options: PublicKeyCredentialCreationOptionsJSON) => unknown,
      name: unknown = 'Key',
      who = cookie,
    ) => {
      const options = await registrationOptions(tenant.domain, who === cookie ? cookie : who);
      return call(
        tenant.domain,
        'POST',
        '/auth/passkeys',
        { name, response: make(options) },
        cookie,
      );
    };
    const details = async (res: Response) => ({ status: res.status, ...(await res.json()) });

    for (const [name, error] of [
      ['', passkeyMessages.name],
      ['   ', passkeyMessages.name],
      ['x'.repeat(61), passkeyMessages.nameLength],
      [42, passkeyMessages.name],
    ] as const) {
      const res = await attempt((o) => new SoftAuthenticator(origin).create(o), name);
      expect(await details(res)).toMatchObject({
        status: 400,
        details: [{ field: 'name', error }],
      });
    }
    for (const response of [
      undefined,
      null,
      'text',
      {},
      { id: 'a', rawId: 'a', type: 'public-key' },
    ]) {
      const res = await call(
        tenant.domain,
        'POST',
        '/auth/passkeys',
        { name: 'Key', response },
        cookie,
      );
      expect(res.status).toBe(400);
    }
    const notVerified = { status: 400, message: passkeyMessages.notVerified };
    // No user verification (no PIN or biometric), another origin, another relying party.
    expect(
      await details(
        await attempt((o) => new SoftAuthenticator(origin).create(o, { verified: false })),
      ),
    ).toMatchObject(notVerified);
    expect(
      await details(await attempt((o) => new SoftAuthenticator('http://evil.test').create(o))),
    ).toMatchObject(notVerified);
    expect(
      await details(
        await attempt((o) => new SoftAuthenticator(origin).create(o, { rpId: 'evil.test' })),
      ),
    ).toMatchObject(notVerified);
    // Client data that names no ceremony, or another member's ceremony.
    const garbled = await attempt((o) => {
      const response = new SoftAuthenticator(origin).create(o);
      return { ...response, response: { ...response.response, clientDataJSON: 'bm90LWpzb24' } };
    });
    expect(await details(garbled)).toMatchObject({ status: 400, message: passkeyMessages.expired });
    const othersCeremony = await attempt(
      (o) => new SoftAuthenticator(origin).create(o),
      'Key',
      other.client.cookie,
    );
    expect(await details(othersCeremony)).toMatchObject({
      status: 400,
      message: passkeyMessages.expired,
    });

    // A page not on the tenant's host cannot use its passkeys.
    const elsewhere = await member.client.call('POST', '/auth/passkeys/registration-options');
    expect(await details(elsewhere)).toMatchObject({
      status: 400,
      message: passkeyMessages.wrongHost(tenant.domain),
    });
    const stored = await inTenant(t.db, tenant.tenantId, (tx) => tx.select().from(passkeys));
    expect(stored).toEqual([]);
  });

  it('renames and removes with the password; another member’s passkey is 404', async () => {
    const tenant = await freshTenant(t);
    const member = await tenant.member();
    const other = await tenant.member();
    const cookie = member.client.cookie;
    const { passkey } = await addPasskey(tenant, cookie);
    const path = `/auth/passkeys/${passkey.id}`;

    const renamed = await call(tenant.domain, 'PUT', path, { name: 'Work laptop' }, cookie);
    expect(await renamed.json()).toMatchObject({ id: passkey.id, name: 'Work laptop' });
    expect((await call(tenant.domain, 'PUT', path, { name: '' }, cookie)).status).toBe(400);
    for (const [method, body] of [
      ['PUT', { name: 'Mine now' }],
      ['DELETE', { password: TEST_PASSWORD }],
    ] as const) {
      const refused = await call(tenant.domain, method, path, body, other.client.cookie);
      expect(refused.status).toBe(404);
      expect((await refused.json()).message).toBe(passkeyMessages.notFound);
    }

    expect((await (await call(tenant.domain, 'DELETE', path, {}, cookie)).json()).details).toEqual([
      { field: 'password', error: passkeyMessages.password },
    ]);
    const wrong = await call(tenant.domain, 'DELETE', path, { password: 'Wrong!pass1' }, cookie);
    expect((await wrong.json()).details).toEqual([
      { field: 'password', error: passkeyMessages.passwordIncorrect },
    ]);
    const removed = await call(tenant.domain, 'DELETE', path, { password: TEST_PASSWORD }, cookie);
    expect(await removed.json()).toEqual({ message: passkeyMessages.removed });
    expect(
      (await call(tenant.domain, 'DELETE', path, { password: TEST_PASSWORD }, cookie)).status,
    ).toBe(404);
    const audit = await inTenant(t.db, tenant.tenantId, (tx) =>
      tx
        .select({ summary: auditLog.summary })
        .from(auditLog)
        .where(eq(auditLog.action, 'passkey.remove')),
    );
    expect(audit).toEqual([{ summary: "Removed the passkey 'Work laptop'" }]);

    // A member who signs in through their institution: a sign-in in the last 5 minutes instead.
    const sso = await tenant.member();
    const added = await addPasskey(tenant, sso.client.cookie);
    await inTenant(t.db, tenant.tenantId, (tx) =>
      tx
        .update(accounts)
        .set({ passwordHash: null })
        .where(and(eq(accounts.tenantId, tenant.tenantId), eq(accounts.userId, sso.id))),
    );
    const realNow = t.deps.now;
    t.deps.now = () => new Date(Date.now() + 5 * 60_000 + 1_000);
    try {
      const stale = await call(
        tenant.domain,
        'DELETE',
        `/auth/passkeys/${added.passkey.id}`,
        {},
        sso.client.cookie,
      );
      expect(stale.status).toBe(403);
      expect((await stale.json()).message).toBe(passkeyMessages.reauthenticate);
    } finally {
      t.deps.now = realNow;
    }
    const fresh = await call(
      tenant.domain,
      'DELETE',
      `/auth/passkeys/${added.passkey.id}`,
      {},
      sso.client.cookie,
    );
    expect(fresh.status).toBe(200);
  });

  it('counts a passkey as the second factor administrators may be required to have', async () => {
    const tenant = await freshTenant(t);
    const chief = await tenant.member({ permissions: ['admin'] });
    const early = await chief.client.call('PUT', '/admin/security', {
      require_mfa_for_admins: true,
    });
    expect(early.status).toBe(409);
    await addPasskey(tenant, chief.client.cookie);
    const on = await chief.client.call('PUT', '/admin/security', { require_mfa_for_admins: true });
    expect(on.status).toBe(200);

    // The first administrator has neither: held to setting one up, a passkey will do.
    const res = await call(tenant.domain, 'POST', '/auth/sign-in', {
      email: `admin@${tenant.domain}`,
      password: TEST_PASSWORD,
      tenant_id: tenant.tenantId,
    });
    const cookie = cookieOf(res);
    expect(sessionAnswer.parse(await res.json()).session.mfa_setup_required).toBe(true);
    const held = await call(tenant.domain, 'GET', '/ideas', undefined, cookie);
    expect(await held.json()).toMatchObject({
      code: 'MFA_SETUP_REQUIRED',
      message: mfaMessages.setupRequired,
    });
    expect((await call(tenant.domain, 'GET', '/auth/passkeys', undefined, cookie)).status).toBe(
      200,
    );
    const { passkey } = await addPasskey(tenant, cookie);
    expect((await call(tenant.domain, 'GET', '/ideas', undefined, cookie)).status).toBe(200);
    const after = sessionAnswer.parse(
      await (await call(tenant.domain, 'GET', '/auth/session', undefined, cookie)).json(),
    );
    expect(after.session.mfa_setup_required).toBe(false);

    // Removing it leaves them without one: held again.
    await call(
      tenant.domain,
      'DELETE',
      `/auth/passkeys/${passkey.id}`,
      { password: TEST_PASSWORD },
      cookie,
    );
    expect((await call(tenant.domain, 'GET', '/ideas', undefined, cookie)).status).toBe(403);
  });

  it("never reaches another tenant's passkeys", async () => {
    const alpha = await freshTenant(t);
    const beta = await freshTenant(t);
    const owner = await alpha.member();
    const intruder = await beta.member();
    const { passkey } = await addPasskey(alpha, owner.client.cookie);
    for (const [method, body] of [
      ['PUT', { name: 'Taken' }],
      ['DELETE', { password: TEST_PASSWORD }],
    ] as const) {
      const res = await call(
        beta.domain,
        method,
        `/auth/passkeys/${passkey.id}`,
        body,
        intruder.client.cookie,
      );
      expect(res.status).toBe(404);
    }
    const listed = await (
      await call(beta.domain, 'GET', '/auth/passkeys', undefined, intruder.client.cookie)
    ).json();
    expect(listed).toEqual({ passkeys: [] });
    // Alpha's registration ceremony does not register at Beta.
    const options = await registrationOptions(alpha.domain, owner.client.cookie);
    const response = new SoftAuthenticator(`http://${beta.domain}`).create(options, {
      rpId: beta.domain,
    });
    const res = await call(
      beta.domain,
      'POST',
      '/auth/passkeys',
      { name: 'Key', response },
      intruder.client.cookie,
    );
    expect(res.status).toBe(400);
    // A member's session names their tenant: Beta's host is not Alpha's.
    const wrongHost = await call(
      beta.domain,
      'POST',
      '/auth/passkeys/registration-options',
      {},
      owner.client.cookie,
    );
    expect((await wrongHost.json()).message).toBe(passkeyMessages.wrongHost(alpha.domain));
  });
});
