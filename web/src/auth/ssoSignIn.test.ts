import { describe, expect, it } from 'vitest';
import { ssoErrorOutcome } from './ssoErrors.ts';
import { providerForEmail, ssoStartUrl } from './ssoProviders.ts';

const providers = [
  { id: 4, name: 'Alpha Login', protocol: 'oidc' as const, email_domains: ['alpha.edu'] },
  { id: 9, name: 'Med School', protocol: 'saml' as const, email_domains: ['med.alpha.edu'] },
];

describe('single sign-on on the sign-in screen', () => {
  it('finds the provider of an e-mail by its exact domain, in any case', () => {
    expect(providerForEmail(providers, ' Ada@ALPHA.edu ')?.id).toBe(4);
    expect(providerForEmail(providers, 'ada@med.alpha.edu')?.id).toBe(9);
    expect(providerForEmail(providers, 'ada@evil-alpha.edu')).toBeUndefined();
    expect(providerForEmail(providers, 'ada@')).toBeUndefined();
    expect(providerForEmail(providers, 'alpha.edu')).toBeUndefined();
  });

  it("starts at the server with 'remember me' and the page the member wanted", () => {
    expect(ssoStartUrl(4, { tenantId: 7, remember: true, redirect: '/ideas/3?tenant=a.edu' })).toBe(
      '/api/v1/auth/sso/4/start?tenant_id=7&remember_session=true&redirect=%2Fideas%2F3%3Ftenant%3Da.edu',
    );
    expect(ssoStartUrl(4, { tenantId: 7, remember: false, redirect: undefined })).toBe(
      '/api/v1/auth/sso/4/start?tenant_id=7&remember_session=false',
    );
  });

  it('says what each sso_error means, and sends NOT_APPROVED to the pending screen', () => {
    expect(ssoErrorOutcome(null)).toBeNull();
    expect(ssoErrorOutcome('NOT_APPROVED')).toEqual({ kind: 'pendingApproval' });
    expect(ssoErrorOutcome('EMAIL_NOT_VERIFIED')).toEqual({
      kind: 'message',
      message: expect.stringContaining('has not confirmed your email address'),
    });
    expect(ssoErrorOutcome('toString')).toEqual({
      kind: 'message',
      message: 'Signing in through your university did not work. Please try again.',
    });
  });
});
