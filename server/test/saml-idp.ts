import * as validator from '@authenio/samlify-node-xmllint';
import * as samlify from 'samlify';
import { generateServiceProviderKeys } from '../src/sso/sp-keys.ts';

samlify.setSchemaValidator(validator);

/**
 * A SAML identity provider of another library than the product's (samlify, where the product uses
 * node-saml), so that two independent implementations meet. Its metadata and keys.
 */
export async function makeSamlIdp(entityId: string, ssoUrl: string) {
  const { signing } = await generateServiceProviderKeys('idp.test', new Date());
  const idp = samlify.IdentityProvider({
    entityID: entityId,
    signingCert: signing.certificate,
    privateKey: signing.key,
    singleSignOnService: [
      { Binding: samlify.Constants.namespace.binding.redirect, Location: ssoUrl },
      { Binding: samlify.Constants.namespace.binding.post, Location: ssoUrl },
    ],
  });
  return { idp, metadata: idp.getMetadata(), keys: signing };
}
