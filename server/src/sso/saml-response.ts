/** A posted SAML response read before node-saml verifies it: its root's attributes, its key. */
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { nodeSamlXml } from './node-saml.ts';
import type { Secrets } from './settings.ts';

const ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';

/** The posted response as a document, unverified; null when it is not XML. */
function documentOf(samlResponse: string) {
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  return (
    new DOMParser({ errorHandler: () => undefined }).parseFromString(xml, 'application/xml') ?? null
  );
}

/** An attribute of the response's root element, read before (or without) any verification. */
function rootAttribute(samlResponse: string, name: string): string | null {
  return documentOf(samlResponse)?.documentElement?.getAttribute(name) || null;
}

/**
 * Which of Kindling's encryption keys opens the response's encrypted assertion (or NameID). During
 * a key rollover the identity provider may encrypt to the current or the next certificate, or,
 * until it reads the metadata again, to the previous one, and node-saml takes a single key. So
 * each key is tried here on the encrypted part alone, before node-saml sees the response: a key
 * that does not fit uses up no request and remembers no assertion. When none fits, the current
 * one is given, and node-saml refuses the response as it refuses any it cannot read.
 */
export async function decryptionKeyOf(
  samlResponse: string,
  keys: string[],
): Promise<string | undefined> {
  if (keys.length < 2) return keys[0];
  const document = documentOf(samlResponse);
  const encrypted =
    document?.getElementsByTagNameNS(ASSERTION, 'EncryptedAssertion')[0] ??
    document?.getElementsByTagNameNS(ASSERTION, 'EncryptedID')[0];
  if (!encrypted) return keys[0];
  const xml = new XMLSerializer().serializeToString(encrypted);
  const { decryptXml } = await nodeSamlXml();
  for (const key of keys) {
    try {
      await decryptXml(xml, key);
      return key;
    } catch {
      // Encrypted to another of the keys, or to none of them.
    }
  }
  return keys[0];
}

/** Kindling's encryption keys that may open a response: current, next, then previous. */
export const decryptionKeys = (secrets: Secrets) =>
  [secrets.sp, secrets.sp_next, secrets.sp_previous].flatMap((pair) =>
    pair ? [pair.encryption.key] : [],
  );

export const destinationOf = (samlResponse: string) => rootAttribute(samlResponse, 'Destination');

/**
 * The request a response says it answers, unverified: only to find whether a refused response
 * answered an administrator's test sign-in (the flag itself is read from the database).
 */
export const unverifiedInResponseTo = (samlResponse: string) =>
  rootAttribute(samlResponse, 'InResponseTo');
