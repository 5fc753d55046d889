import { ssoMessages } from '@kindling/contract';
import { describe, expect, it } from 'vitest';
import { emptyProvider, formFieldOf, parseDomains, toRequestBody } from './providerForm.ts';
import { providerResolver } from './providerFormSchema.ts';

const judge = (editing: boolean, values: ReturnType<typeof emptyProvider>) =>
  providerResolver(editing)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('the identity provider form', () => {
  it('sends only the chosen protocol, and leaves a blank secret or metadata out', () => {
    const oidc = {
      ...emptyProvider('oidc'),
      name: 'Login',
      email_domains: ['uni.edu'],
      issuer: 'https://login.uni.edu',
      client_id: 'kindling',
      metadata_xml: '<x/>',
    };
    expect(toRequestBody(oidc)).toEqual({
      protocol: 'oidc',
      name: 'Login',
      enabled: true,
      email_domains: ['uni.edu'],
      auto_approve: false,
      default_role_id: 1,
      issuer: 'https://login.uni.edu',
      client_id: 'kindling',
      scopes: 'openid email profile',
    });
    const saml = {
      ...emptyProvider('saml'),
      metadata_source: 'url' as const,
      metadata_xml: '<x/>',
    };
    expect(toRequestBody(saml)).not.toHaveProperty('metadata_xml');
    expect(toRequestBody({ ...saml, metadata_url: 'https://idp.uni.edu/md' })).toMatchObject({
      metadata_url: 'https://idp.uni.edu/md',
    });
  });

  it("is judged by the contract's schemas: a secret is needed to add, not to change", async () => {
    const oidc = {
      ...emptyProvider('oidc'),
      name: 'Login',
      email_domains: ['uni.edu', 'not a domain'],
      issuer: 'https://login.uni.edu',
      client_id: 'kindling',
    };
    const adding = await judge(false, oidc);
    expect(adding.errors.client_secret?.message).toBe(ssoMessages.clientSecret);
    expect(adding.errors.email_domains?.message).toBe(ssoMessages.domain);
    const changing = await judge(true, { ...oidc, email_domains: ['uni.edu'] });
    expect(changing.errors).toEqual({});
  });

  it('shows a metadata issue on the source chosen', async () => {
    const saml = { ...emptyProvider('saml'), name: 'IdP', email_domains: ['uni.edu'] };
    const judged = await judge(false, { ...saml, metadata_source: 'url' });
    expect(judged.errors.metadata_url?.message).toBe(ssoMessages.metadataMissing);
  });

  it("puts a server detail on its field and reads the domains as they're typed", () => {
    expect(formFieldOf('email_domains.1')).toBe('email_domains');
    expect(formFieldOf('issuer')).toBe('issuer');
    expect(formFieldOf('tenant_id')).toBeUndefined();
    expect(parseDomains(' uni.edu, med.uni.edu\nvet.uni.edu ')).toEqual([
      'uni.edu',
      'med.uni.edu',
      'vet.uni.edu',
    ]);
  });
});
