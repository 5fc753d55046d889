import { describe, expect, it } from 'vitest';
import {
  identityProviderBody,
  identityProviderUpdateBody,
  spKeysAnswer,
  ssoMessages,
  ssoStartQuery,
} from './sso.ts';

const oidc = {
  protocol: 'oidc',
  name: 'University Login',
  email_domains: ['Uni.EDU', 'uni.edu', 'med.uni.edu'],
  issuer: 'https://login.uni.edu',
  client_id: 'kindling',
  client_secret: 's3cret',
};

const detail = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('identity provider bodies', () => {
  it('fills the defaults and keeps each e-mail domain once, in lower case', () => {
    expect(identityProviderBody.parse(oidc)).toMatchObject({
      enabled: true,
      auto_approve: false,
      default_role_id: 1,
      scopes: 'openid email profile',
      email_domains: ['uni.edu', 'med.uni.edu'],
    });
  });

  it('names the field that fails', () => {
    expect(detail(identityProviderBody.safeParse({ ...oidc, protocol: 'ldap' }))).toEqual([
      ['protocol', ssoMessages.protocol],
    ]);
    expect(detail(identityProviderBody.safeParse({ ...oidc, email_domains: [] }))).toEqual([
      ['email_domains', ssoMessages.domains],
    ]);
    expect(
      detail(identityProviderBody.safeParse({ ...oidc, email_domains: ['@uni.edu'] })),
    ).toEqual([['email_domains.0', ssoMessages.domain]]);
    expect(detail(identityProviderBody.safeParse({ ...oidc, issuer: 'ftp://x' }))).toEqual([
      ['issuer', ssoMessages.issuer],
    ]);
    expect(detail(identityProviderBody.safeParse({ ...oidc, scopes: 'email' }))).toEqual([
      ['scopes', ssoMessages.scopes],
    ]);
    const { client_secret: _, ...noSecret } = oidc;
    expect(detail(identityProviderBody.safeParse(noSecret))).toEqual([
      ['client_secret', ssoMessages.clientSecret],
    ]);
    expect(identityProviderUpdateBody.safeParse(noSecret).success).toBe(true);
  });

  it('asks SAML for its metadata once, as XML or URL', () => {
    const saml = { protocol: 'saml', name: 'Shibboleth', email_domains: ['uni.edu'] };
    expect(detail(identityProviderBody.safeParse(saml))).toEqual([
      ['metadata_xml', ssoMessages.metadataMissing],
    ]);
    expect(
      detail(
        identityProviderBody.safeParse({
          ...saml,
          metadata_xml: '<x/>',
          metadata_url: 'https://idp.uni.edu/metadata',
        }),
      ),
    ).toEqual([['metadata_xml', ssoMessages.metadataBoth]]);
    expect(identityProviderUpdateBody.safeParse(saml).success).toBe(true);
  });
});

describe('the start of a sign-in', () => {
  it('goes back only to a path of the app', () => {
    const redirect = (value: string) =>
      ssoStartQuery.safeParse({ tenant_id: '1', redirect: value }).success;
    expect(redirect('/ideas/12?tab=discussion')).toBe(true);
    for (const away of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'ideas',
      '/a b',
    ]) {
      expect(redirect(away), away).toBe(false);
    }
    expect(ssoStartQuery.parse({ tenant_id: '1' })).toEqual({
      tenant_id: 1,
      remember_session: false,
      test: false,
    });
  });
});

describe("Kindling's certificates in a key rollover", () => {
  it('names each certificate as before, with its role and use added', () => {
    const certificate = {
      subject: 'CN=kindling.example SAML signing',
      not_after: '2036-11-27T00:00:00.000Z',
      fingerprint_sha256: 'AB:CD',
    };
    const answer = {
      message: 'New keys are prepared.',
      sp_certificates: [
        { ...certificate, role: 'current', use: 'signing' },
        { ...certificate, role: 'next', use: 'encryption' },
      ],
    };
    expect(spKeysAnswer.parse(answer)).toEqual(answer);
    for (const wrong of [{ role: 'old' }, { use: 'both' }, { role: undefined }]) {
      const sp_certificates = [{ ...answer.sp_certificates[0], ...wrong }];
      expect(spKeysAnswer.safeParse({ ...answer, sp_certificates }).success).toBe(false);
    }
  });
});
