import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import xpath from 'xpath';

/** What Kindling needs of a SAML identity provider's metadata. */
export interface IdpMetadata {
  entityId: string;
  /** The SingleSignOnService of the HTTP-Redirect binding. */
  ssoUrl: string;
  /** Base64 DER certificates its signatures may be checked with. */
  signingCertificates: string[];
}

export class NotIdpMetadataError extends Error {}

const select = xpath.useNamespaces({
  md: 'urn:oasis:names:tc:SAML:2.0:metadata',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
});

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/**
 * Reads one identity provider's metadata: one entity with an IDPSSODescriptor, a single sign-on
 * service by HTTP-Redirect and at least one signing certificate that parses. Anything else (an
 * aggregate of a federation, a service provider's metadata, a page of HTML) is refused.
 */
export function parseIdpMetadata(xml: string): IdpMetadata {
  const problems: string[] = [];
  const document = new DOMParser({
    errorHandler: { error: (m) => problems.push(m), fatalError: (m) => problems.push(m) },
  }).parseFromString(xml, 'application/xml');
  if (problems.length > 0 || !document?.documentElement) {
    throw new NotIdpMetadataError('not XML');
  }
  const entities = select('//md:EntityDescriptor[md:IDPSSODescriptor]', document) as Element[];
  if (entities.length !== 1) throw new NotIdpMetadataError('not one identity provider');
  const entity = entities[0] as Element;
  const entityId = entity.getAttribute('entityID')?.trim();
  const sso = select(
    `md:IDPSSODescriptor/md:SingleSignOnService[@Binding='${REDIRECT}']/@Location`,
    entity,
  ) as Attr[];
  const certificates = (
    select(
      "md:IDPSSODescriptor/md:KeyDescriptor[not(@use) or @use='signing']//ds:X509Certificate/text()",
      entity,
    ) as Text[]
  )
    .map((node) => node.data.replace(/\s+/g, ''))
    .filter((value) => {
      try {
        new X509Certificate(Buffer.from(value, 'base64'));
        return true;
      } catch {
        return false;
      }
    });
  const ssoUrl = sso[0]?.value.trim();
  if (!entityId || !ssoUrl || !URL.canParse(ssoUrl) || certificates.length === 0) {
    throw new NotIdpMetadataError('no entity id, redirect endpoint or signing certificate');
  }
  return { entityId, ssoUrl, signingCertificates: [...new Set(certificates)] };
}

/** How a certificate is shown to administrators. */
export function describeCertificate(base64OrPem: string) {
  const certificate = new X509Certificate(
    base64OrPem.includes('-----BEGIN') ? base64OrPem : Buffer.from(base64OrPem, 'base64'),
  );
  return {
    subject: certificate.subject.replace(/\n/g, ', '),
    not_after: new Date(certificate.validTo).toISOString(),
    fingerprint_sha256: certificate.fingerprint256,
  };
}
