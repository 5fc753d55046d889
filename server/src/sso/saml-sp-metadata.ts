/** Kindling's side of a SAML provider: its current keys and the service provider metadata. */
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import type { Deps } from '../context.ts';
import type { IdentityProviderRow } from '../db/schema-sso.ts';
import type { TenantRow } from '../db/system.ts';
import { nodeSaml } from './node-saml.ts';
import { ATTRIBUTES } from './saml-assertion.ts';
import { openSecrets, type Secrets, ssoUrls } from './settings.ts';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const URI_FORMAT = 'urn:oasis:names:tc:SAML:2.0:attrname-format:uri';

/** Kindling's current keys for a provider, which every SAML provider has from its creation. */
export function currentKeys(provider: IdentityProviderRow, secrets: Secrets) {
  if (!secrets.sp) throw new Error(`identity provider ${provider.id} has no service provider keys`);
  return secrets.sp;
}

/**
 * Kindling's metadata for one provider (CONTRACT §8): its entity id, the assertion consumer
 * service by HTTP-POST, its signing and encryption certificates, and the attributes it asks for.
 * During a key rollover the next certificates are published beside the current ones, so that the
 * identity provider trusts them before Kindling starts signing with them; the previous encryption
 * certificate is published no more, so that a provider reading the metadata again moves on.
 */
export async function serviceProviderMetadata(
  deps: Deps,
  tenant: TenantRow,
  provider: IdentityProviderRow,
): Promise<string> {
  const { generateServiceProviderMetadata } = await nodeSaml();
  const secrets = openSecrets(deps.config, provider);
  const keys = currentKeys(provider, secrets);
  const next = secrets.sp_next;
  const urls = ssoUrls(deps.config);
  const xml = generateServiceProviderMetadata({
    issuer: urls.samlMetadata(provider.id),
    callbackUrl: urls.samlAcs(provider.id),
    identifierFormat: null,
    wantAssertionsSigned: true,
    privateKey: keys.signing.key,
    publicCerts: next
      ? [keys.signing.certificate, next.signing.certificate]
      : keys.signing.certificate,
    decryptionPvk: keys.encryption.key,
    decryptionCert: keys.encryption.certificate,
    signatureAlgorithm: 'sha256',
  });
  return completeMetadata(xml, tenant.name, next?.encryption.certificate);
}

/**
 * node-saml's metadata with an AttributeConsumingService naming CONTRACT §8's attributes, and a
 * second encryption certificate (node-saml writes one) after the first, as it lists signing ones.
 */
function completeMetadata(xml: string, serviceName: string, nextEncryption?: string): string {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  const descriptor = document.getElementsByTagNameNS(MD, 'SPSSODescriptor')[0];
  if (!descriptor) throw new Error('node-saml metadata without an SPSSODescriptor');
  if (nextEncryption) {
    const encryption = Array.from(descriptor.getElementsByTagNameNS(MD, 'KeyDescriptor')).find(
      (element) => element.getAttribute('use') === 'encryption',
    );
    const added = encryption?.cloneNode(true) as Element | undefined;
    const certificate = added?.getElementsByTagNameNS(DS, 'X509Certificate')[0];
    if (!encryption || !added || !certificate) {
      throw new Error('node-saml metadata without an encryption certificate');
    }
    certificate.textContent = nextEncryption.replace(/-----[A-Z ]+-----|\s/g, '');
    descriptor.insertBefore(added, encryption.nextSibling);
  }
  const service = document.createElementNS(MD, 'AttributeConsumingService');
  service.setAttribute('index', '1');
  service.setAttribute('isDefault', 'true');
  const name = document.createElementNS(MD, 'ServiceName');
  name.setAttributeNS('http://www.w3.org/XML/1998/namespace', 'xml:lang', 'en');
  name.appendChild(document.createTextNode(serviceName));
  service.appendChild(name);
  for (const attribute of Object.values(ATTRIBUTES)) {
    const requested = document.createElementNS(MD, 'RequestedAttribute');
    requested.setAttribute('FriendlyName', attribute.friendly);
    requested.setAttribute('Name', attribute.uri);
    requested.setAttribute('NameFormat', URI_FORMAT);
    requested.setAttribute('isRequired', String(attribute.required));
    service.appendChild(requested);
  }
  descriptor.appendChild(service);
  return new XMLSerializer().serializeToString(document);
}
