import { generateKeyPairSync } from 'node:crypto';
import {
  mfaMessages,
  mfaStepAnswer,
  passkeyMessages,
  sessionAnswer,
  signInMessages,
  status,
} from '@kindling/contract';
import { and, eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { SoftAuthenticator } from '../../test/authenticator.ts';
import { TEST_PASSWORD } from '../../test/factories.ts';
import { freshTenant } from '../../test/fixtures.ts';
import { cookieOf, passkeyCalls, type Tenant } from '../../test/passkey-fixtures.ts';
import { passkeys, webauthnChallenges } from '../db/schema-mfa.ts';
import { users } from '../db/schema-people.ts';
import { inTenant } from '../db/tenant-scope.ts';

describe('signing in with a passkey: alone, or as the second step (issue 20)', () => {
  let t: TestApp;
  let clock = Date.now();
  let realNow: () => Date;
  const { call, addPasskey, signInOptions, signInWith } = passkeyCalls(() => t);

  beforeAll(async () => {
    t = await createTestApp();
    realNow = t.deps.now;
    t.deps.now = () => new Date(clock);
  });
  afterEach(async () => {
    clock += 20 * 60_000;
    await t.deps.rateLimits.passkeyCeremonies.delete('unknown');
  });
  afterAll(async () => {
    t.deps.now = realNow;
    await t.close();
  });

  const passwordStep = async (tenant: Tenant, email: string) => {
    const res = await call(tenant.domain, 'POST', '/auth/sign-in', {
      email,
      password: TEST_PASSWORD,
      tenant_id: tenant.tenantId,
    });
    return mfaStepAnswer.parse(await res.json());
  };
  const secondStepOptions = async (tenant: Tenant, challenge: string) => {
    const res = await call(tenant.domain, 'POST', '/auth/sign-in/mfa/passkey-options', {
      challenge,
      tenant_id: tenant.tenantId,
    });
    return { status: res.status, body: await res.json() };
  };
  const answer = (tenant: Tenant, challenge: string, response: unknown) =>
    call(tenant.domain, 'POST', '/auth/sign-in/mfa/passkey', {
      challenge,
      response,
      tenant_id: tenant.tenantId,
    });

  it('signs in without a password or a second step, and moves the signature counter', async () => {
    const tenant = await freshTenant(t);
    const member = await tenant.member();
    const { authenticator } = await addPasskey(tenant, member.client.cookie);
    const options = await signInOptions(tenant);
    expect(options).toMatchObject({ rpId: tenant.domain, userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);

    const response = authenticator.get(options);
    const res = await signInWith(tenant, response);
    expect(res.status).toBe(200);
    expect(cookieOf(res)).toContain('kindling_session=');
    expect(sessionAnswer.parse(await res.json()).user.userId).toBe(member.id);
    const [row] = await inTenant(t.db, tenant.tenantId, (tx) =>
      tx.select().from(passkeys).where(eq(passkeys.userId, member.id)),
    );
    expect(row?.counter).toBe(1);
    expect(row?.lastUsedAt?.getTime()).toBe(clock);
    const listed = await (
      await call(tenant.domain, 'GET', '/auth/passkeys', undefined, cookieOf(res))
    ).json();
    expect(listed.passkeys[0].last_used_at).toBe(new Date(clock).toISOString());

    // Replayed: its ceremony is used.
    const replay = await signInWith(tenant, response);
    expect(replay.status).toBe(400);
    expect((await replay.json()).message).toBe(passkeyMessages.expired);
  });

  it('refuses an assertion without user verification, a forged one, an unknown passkey, a counter gone back', async () => {
    const tenant = await freshTenant(t);
    const member = await tenant.member();
    const { authenticator } = await addPasskey(tenant, member.client.cookie);
    const refused = async (response: unknown, message: string, code = 401) => {
      const res = await signInWith(tenant, response);
      expect(res.status).toBe(code);
      expect((await res.json()).message).toBe(message);
      expect(res.headers.get('set-cookie')).toBeNull();
    };
    await refused(
      authenticator.get(await signInOptions(tenant), { verified: false }),
      passkeyMessages.notVerified,
    );
    const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    await refused(
      authenticator.get(await signInOptions(tenant), { key: stranger }),
      passkeyMessages.notVerified,
    );
    await refused(
      authenticator.at('http://evil.test').get(await signInOptions(tenant)),
      passkeyMessages.notVerified,
    );
    authenticator.at(`http://${tenant.domain}`);
    await refused(
      authenticator.get(await signInOptions(tenant), { rpId: 'evil.test' }),
      passkeyMessages.notVerified,
    );
    const unregistered = new SoftAuthenticator(`http://${tenant.domain}`);
    unregistered.create({
      challenge: 'x',
      rp: { id: tenant.domain, name: 'x' },
      user: { id: 'dXNlcg', name: 'x', displayName: 'x' },
      pubKeyCredParams: [],
    });
    await refused(unregistered.get(await signInOptions(tenant)), passkeyMessages.unknown);
    // A counter that did not move past the last one seen: a cloned authenticator.
    const credential = authenticator.credentials[0];
    expect((await signInWith(tenant, authenticator.get(await signInOptions(tenant)))).status).toBe(
      200,
    );
    if (credential) credential.counter -= 2;
    await refused(authenticator.get(await signInOptions(tenant)), passkeyMessages.notVerified);
    for (const response of [null, {}, { id: 'a', rawId: 'a', type: 'public-key', response: {} }]) {
      expect((await signInWith(tenant, response)).status).toBe(400);
    }
    const noTenant = await call(tenant.domain, 'POST', '/auth/sign-in/passkey', { response: {} });
    expect(noTenant.status).toBe(400);
  });

  it('holds a passkey sign-in to the password’s rules: disabled and unapproved members are refused', async () => {
    const tenant = await freshTenant(t);
    const member = await tenant.member();
    const { authenticator } = await addPasskey(tenant, member.client.cookie);
    const set = (values: Partial<typeof users.$inferInsert>) =>
      inTenant(t.db, tenant.tenantId, (tx) =>
        tx
          .update(users)
          .set(values)
          .where(and(eq(users.tenantId, tenant.tenantId), eq(users.id, member.id))),
      );
    await set({ isDisabled: true });
    const disabled = await signInWith(tenant, authenticator.get(await signInOptions(tenant)));
    expect(disabled.status).toBe(403);
    expect((await disabled.json()).message).toBe(signInMessages.disabled);
    await set({ isDisabled: false, adminStatusId: status.pending });
    const pending = await signInWith(tenant, authenticator.get(await signInOptions(tenant)));
    expect(pending.status).toBe(423);
    await set({ adminStatusId: status.approved });
    expect((await signInWith(tenant, authenticator.get(await signInOptions(tenant)))).status).toBe(
      200,
    );
  });

  it('uses each ceremony once however many answers arrive together, and for 5 minutes only', async () => {
    const tenant = await freshTenant(t);
    const member = await tenant.member();
    const { authenticator } = await addPasskey(tenant, member.client.cookie);
    const response = authenticator.get(await signInOptions(tenant));
    const burst = await Promise.all(Array.from({ length: 8 }, () => signInWith(tenant, response)));
    expect(burst.filter((res) => res.status === 200)).toHaveLength(1);
    expect(burst.filter((res) => res.status === 400)).toHaveLength(7);

    const late = authenticator.get(await signInOptions(tenant));
    clock += 5 * 60_000 + 1_000;
    const expired = await signInWith(tenant, late);
    expect(expired.status).toBe(400);
    expect((await expired.json()).message).toBe(passkeyMessages.expired);
    // Over ceremonies are swept as new ones start.
    await signInOptions(tenant);
    const left = await inTenant(t.db, tenant.tenantId, (tx) =>
      tx.select().from(webauthnChallenges),
    );
    expect(left).toHaveLength(1);
  });

  it('starts at most 30 ceremonies in 5 minutes from one address before signing in', async () => {
    const tenant = await freshTenant(t);
    for (let i = 0; i < 30; i++) await signInOptions(tenant);
    const res = await call(tenant.domain, 'POST', '/auth/passkeys/sign-in-options', {
      tenant_id: tenant.tenantId,
    });
    expect(res.status).toBe(429);
  });

  it('answers the second step of a password sign-in, under the code’s limits', async () => {
    const tenant = await freshTenant(t);
    const member = await tenant.member();
    const { authenticator } = await addPasskey(tenant, member.client.cookie);
    const step = await passwordStep(tenant, member.email);
    expect(step.methods).toEqual(['webauthn']);
    const options = await secondStepOptions(tenant, step.challenge);
    expect(options.status).toBe(200);
    expect(options.body.rpId).toBe(tenant.domain);
    expect(options.body.allowCredentials.map((one: { id: string }) => one.id)).toEqual([
      authenticator.credentials[0]?.id.toString('base64url'),
    ]);
    const res = await answer(
      tenant,
      step.challenge,
      authenticator.get(options.body, { verified: false }),
    );
    expect(res.status).toBe(200);
    expect(cookieOf(res)).toContain('kindling_session=');
    // The challenge is used: neither options nor answers any more.
    expect((await secondStepOptions(tenant, step.challenge)).status).toBe(401);

    // Wrong answers count as wrong codes: 5 end the challenge.
    const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const next = await passwordStep(tenant, member.email);
    for (let i = 0; i < 5; i++) {
      const { body } = await secondStepOptions(tenant, next.challenge);
      const wrong = await answer(
        tenant,
        next.challenge,
        authenticator.get(body, { key: stranger }),
      );
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({
        code: 'CODE_MISMATCH',
        details: [{ field: 'response', error: passkeyMessages.mismatch }],
      });
    }
    const spent = await secondStepOptions(tenant, next.challenge);
    expect(spent.status).toBe(429);
    expect(spent.body.message).toBe(mfaMessages.challengeSpent);

    // Another member's passkey, or a ceremony of another sign-in, is a wrong answer too.
    const other = await tenant.member();
    const theirs = await addPasskey(tenant, other.client.cookie);
    const third = await passwordStep(tenant, member.email);
    const { body } = await secondStepOptions(tenant, third.challenge);
    const foreign = await answer(tenant, third.challenge, theirs.authenticator.get(body));
    expect(foreign.status).toBe(400);
    const fourth = await passwordStep(tenant, member.email);
    const { body: fourthOptions } = await secondStepOptions(tenant, fourth.challenge);
    const crossed = await answer(tenant, third.challenge, authenticator.get(fourthOptions));
    expect(crossed.status).toBe(400);
    // The member's limit: 5 + 2 wrong so far, 3 left, then even the right passkey is 429.
    for (let i = 0; i < 3; i++) {
      const { body: again } = await secondStepOptions(tenant, fourth.challenge);
      expect(
        (await answer(tenant, fourth.challenge, authenticator.get(again, { key: stranger })))
          .status,
      ).toBe(400);
    }
    const { body: last } = await secondStepOptions(tenant, fourth.challenge);
    expect((await answer(tenant, fourth.challenge, authenticator.get(last))).status).toBe(429);
  });

  it('offers the authenticator app and the passkey side by side, and no second step to those without', async () => {
    const tenant = await freshTenant(t);
    const member = await tenant.member();
    const noPasskey = await tenant.member();
    await addPasskey(tenant, member.client.cookie);
    const setup = await member.client.call('POST', '/auth/mfa/totp');
    expect(setup.status).toBe(200);
    const { secret } = await setup.json();
    const enabled = await member.client.call('POST', '/auth/mfa/totp/enable', {
      code: generateSync({ secret, epoch: Math.floor(clock / 1000) }),
    });
    expect(enabled.status).toBe(200);
    const step = await passwordStep(tenant, member.email);
    expect(step.methods).toEqual(['totp', 'recovery_code', 'webauthn']);

    const plain = await call(tenant.domain, 'POST', '/auth/sign-in', {
      email: noPasskey.email,
      password: TEST_PASSWORD,
      tenant_id: tenant.tenantId,
    });
    expect(sessionAnswer.safeParse(await plain.json()).success).toBe(true);
  });

  it("never signs in at another tenant's portal with a passkey of this one", async () => {
    const alpha = await freshTenant(t);
    const beta = await freshTenant(t);
    const member = await alpha.member();
    const { authenticator } = await addPasskey(alpha, member.client.cookie);
    // Beta's ceremony answered with Alpha's passkey (as forged for Beta's host): not Beta's.
    const atBeta = authenticator
      .at(`http://${beta.domain}`)
      .get(await signInOptions(beta), { rpId: beta.domain });
    const res = await signInWith(beta, atBeta);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe(passkeyMessages.unknown);
    // Alpha's ceremony carried to Beta's portal: unknown there.
    authenticator.at(`http://${alpha.domain}`);
    const carried = authenticator.get(await signInOptions(alpha));
    expect((await signInWith(beta, carried)).status).toBe(400);
    // Alpha's sign-in challenge at Beta.
    const step = await passwordStep(alpha, member.email);
    expect((await secondStepOptions(beta, step.challenge)).status).toBe(401);
    expect((await signInWith(alpha, carried)).status).toBe(200);
  });
});
