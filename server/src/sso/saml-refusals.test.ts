import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema-records.ts';
import { ssoAssertions } from '../db/schema-sso.ts';
import { PUBLIC, type SamlWorld, samlWorld } from './test-fixtures.ts';

describe('single sign-on through a SAML 2.0 identity provider: responses refused', () => {
  let w: SamlWorld;

  beforeAll(async () => {
    w = await samlWorld();
  });
  afterAll(() => w.close());

  it('refuses an unsigned response, a wrapped second assertion, another audience, destination or recipient, an expired assertion and an unknown InResponseTo', async () => {
    const { tenant, providerId } = await w.withProvider();
    const member = await tenant.member({ email: `zed@${tenant.domain}` });
    const person = w.mailOf(member.email);
    const past = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const wrap = (xml: string) => {
      // A second assertion for another person beside the signed one, which keeps its signature.
      const signed = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)?.[0] ?? '';
      const forged = signed
        .replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '')
        .replace(/ ID="[^"]+"/, ' ID="_forged"')
        .replace(member.email, `admin@${tenant.domain}`);
      return xml.replace(signed, `${forged}${signed}`);
    };
    const cases: [string, Parameters<typeof w.signIn>[3]][] = [
      ['unsigned', { answer: { sign: 'none' } }],
      ['wrapped', { alter: wrap }],
      ['audience', { answer: { values: { Audience: 'https://other.test/sp' } } }],
      ['destination', { answer: { values: { Destination: `${PUBLIC}/elsewhere` } } }],
      ['recipient', { answer: { values: { SubjectRecipient: `${PUBLIC}/elsewhere` } } }],
      [
        'expired',
        {
          answer: {
            values: {
              IssueInstant: past(10),
              ConditionsNotBefore: past(10),
              ConditionsNotOnOrAfter: past(5),
              SubjectConfirmationDataNotOnOrAfter: past(5),
            },
          },
        },
      ],
      ['unknown request', { answer: { values: { InResponseTo: '_not-issued-here' } } }],
    ];
    for (const [name, options] of cases) {
      const result = await w.signIn(tenant, providerId, person, options);
      expect(result.location, name).toBe(w.refusedWith(tenant, 'INVALID_RESPONSE'));
      expect(result.cookie, name).toBe('');
    }
    const refusals = await w.inTenantDb(tenant.tenantId, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.action, 'sso.refused')),
    );
    expect(refusals).toHaveLength(cases.length);
  });

  it('remembers an accepted assertion until it expires and refuses its id again', async () => {
    const { tenant, providerId } = await w.withProvider();
    await tenant.member({ email: `ida@${tenant.domain}` });
    const assertionId = `_${randomBytes(16).toString('hex')}`;
    const answer = { values: { AssertionID: assertionId } };
    const person = w.mailOf(`ida@${tenant.domain}`);
    const first = await w.signIn(tenant, providerId, person, { answer });
    expect(first.location).toBe(`/dashboard?tenant=${tenant.domain}`);
    const [kept] = await w.inTenantDb(tenant.tenantId, (tx) =>
      tx.select().from(ssoAssertions).where(eq(ssoAssertions.assertionId, assertionId)),
    );
    expect(kept?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
    const second = await w.signIn(tenant, providerId, person, { answer });
    expect(second.location).toBe(w.refusedWith(tenant, 'INVALID_RESPONSE'));
  });

  it("refuses a response of one tenant's provider posted to another tenant's, and a disabled provider", async () => {
    const alpha = await w.withProvider();
    const beta = await w.withProvider();
    const member = await alpha.tenant.member({ email: `max@${alpha.tenant.domain}` });
    expect((await w.start(beta.tenant, alpha.providerId)).status).toBe(404);
    const crossed = await w.signIn(alpha.tenant, alpha.providerId, w.mailOf(member.email), {
      postTo: beta.providerId,
    });
    expect(crossed.location).toBe(w.refusedWith(beta.tenant, 'INVALID_RESPONSE'));
    expect(crossed.cookie).toBe('');

    const disable = (enabled: boolean) =>
      alpha.tenant.admin.call('PUT', `/admin/identity-providers/${alpha.providerId}`, {
        protocol: 'saml',
        name: 'Campus Shibboleth',
        enabled,
        email_domains: [alpha.tenant.domain],
      });
    expect((await disable(false)).status).toBe(200);
    expect((await w.start(alpha.tenant, alpha.providerId)).location).toBe(
      w.refusedWith(alpha.tenant, 'DISABLED'),
    );
    await disable(true);
    const started = await w.start(alpha.tenant, alpha.providerId);
    const form = await w.idp.signIn(started.location, w.mailOf(member.email));
    await disable(false);
    const midway = await w.post(form.action, {
      SAMLResponse: form.SAMLResponse,
      RelayState: form.RelayState,
    });
    expect(midway.location).toBe(w.refusedWith(alpha.tenant, 'DISABLED'));
  });

  it('answers a post to no SAML provider with INVALID_RESPONSE and a post without a response with 400', async () => {
    const missing = await w.post(new URL('/api/v1/auth/sso/saml/999999/acs', PUBLIC), {
      SAMLResponse: 'PHg+',
    });
    expect(missing.location).toBe('/signin?sso_error=INVALID_RESPONSE');
    const { providerId } = await w.withProvider();
    const empty = await w.post(new URL(`/api/v1/auth/sso/saml/${providerId}/acs`, PUBLIC), {});
    expect(empty.status).toBe(400);
  });

  it('answers whatever is posted to the assertion consumer with a redirect or a 400, never a 5xx', async () => {
    const { providerId } = await w.withProvider();
    const acs = new URL(`/api/v1/auth/sso/saml/${providerId}/acs`, PUBLIC);
    const response = (inner: string) =>
      Buffer.from(
        `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" InResponseTo="${inner}">${inner}</samlp:Response>`,
      ).toString('base64');
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.string().map(response)), async (value) => {
        const answer = await w.post(acs, { SAMLResponse: value });
        expect([302, 400]).toContain(answer.status);
      }),
      { numRuns: 25 },
    );
  });

  it('writes at most 20 refusals of one provider to the audit log in 10 minutes, the last saying so', async () => {
    const { tenant, providerId } = await w.withProvider();
    const acs = new URL(`/api/v1/auth/sso/saml/${providerId}/acs`, PUBLIC);
    const forged = Buffer.from('<samlp:Response xmlns:samlp="x"/>').toString('base64');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => w.post(acs, { SAMLResponse: forged })),
    );
    expect(answers.map((answer) => answer.location)).toEqual(
      answers.map(() => w.refusedWith(tenant, 'INVALID_RESPONSE')),
    );
    const entries = await w.inTenantDb(tenant.tenantId, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.action, 'sso.refused')),
    );
    expect(entries).toHaveLength(20);
    const paused = entries.filter((entry) => (entry.detail as { paused: boolean }).paused);
    expect(paused).toHaveLength(1);
    expect(paused[0]?.summary).toContain('further ones are not recorded until the window passes');
  });
});
