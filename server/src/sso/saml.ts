import {
  type CacheProvider,
  generateServiceProviderMetadata,
  type Profile,
  SAML,
  SamlStatusError,
  ValidateInResponseTo,
} from '@node-saml/node-saml';
// The decryption node-saml itself applies (its package has no exports map; the version is pinned).
import { decryptXml } from '@node-saml/node-saml/lib/xml.js';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import type { Deps } from '../context.ts';
import type { IdentityProviderRow } from '../db/schema-sso.ts';
import type { TenantRow } from '../db/system.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { type Asserted, SsoRefusal } from './admission.ts';
import {
  insertRequest,
  peekRequest,
  rememberAssertion,
  takeRequest,
} from './identity-repository.ts';
import type { Pending } from './oidc.ts';
import { openSecrets, type Secrets, samlSettings, ssoUrls } from './settings.ts';

/** How long a sign-in may take at the identity provider before its AuthnRequest is forgotten. */
const REQUEST_MINUTES = 10;
/** How far the identity provider's clock may be from ours on NotBefore and NotOnOrAfter. */
const CLOCK_SKEW_MS = 60_000;
/** How long an assertion's id is kept when it names no expiry of its own. */
const ASSERTION_DEFAULT_MS = 60 * 60_000;

const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';
const URI_FORMAT = 'urn:oasis:names:tc:SAML:2.0:attrname-format:uri';

/** CONTRACT §8's attributes: the URI name, the friendly name, and whether Kindling needs it. */
const ATTRIBUTES = {
  mail: { uri: 'urn:oid:0.9.2342.19200300.100.1.3', friendly: 'mail', required: true },
  givenName: { uri: 'urn:oid:2.5.4.42', friendly: 'givenName', required: false },
  surname: { uri: 'urn:oid:2.5.4.4', friendly: 'sn', required: false },
  principalName: {
    uri: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6',
    friendly: 'eduPersonPrincipalName',
    required: false,
  },
  subjectId: {
    uri: 'urn:oasis:names:tc:SAML:attribute:subject-id',
    friendly: 'subject-id',
    required: false,
  },
  pairwiseId: {
    uri: 'urn:oasis:names:tc:SAML:attribute:pairwise-id',
    friendly: 'pairwise-id',
    required: false,
  },
} as const;

/**
 * node-saml's request cache over sso_requests, so that every server process knows the
 * AuthnRequests issued. A request is saved with where to go after; read (not used up) while the
 * response is checked; and used up when node-saml is done with it, the delete deciding which of
 * two processes presenting one response gets it. `taken` is the request this response used up.
 */
class RequestCache implements CacheProvider {
  taken: Pending | undefined;

  constructor(
    private readonly deps: Deps,
    private readonly tenantId: number,
    private readonly providerId: number,
    private readonly pending: Pending | null,
  ) {}

  async saveAsync(key: string, value: string) {
    if (!this.pending) throw new Error('a response does not issue requests');
    const now = this.deps.now();
    const { pending } = this;
    await inTenant(this.deps.database.db, this.tenantId, (tx) =>
      insertRequest(tx, {
        tenantId: this.tenantId,
        providerId: this.providerId,
        handle: key,
        redirect: pending.redirect,
        remember: pending.remember,
        testSessionId: pending.testSessionId,
        expiresAt: new Date(now.getTime() + REQUEST_MINUTES * 60_000),
      }),
    );
    return { value, createdAt: now.getTime() };
  }

  async getAsync(key: string) {
    const row = await inTenant(this.deps.database.db, this.tenantId, (tx) =>
      peekRequest(tx, this.tenantId, this.providerId, key, this.deps.now()),
    );
    return row ? row.createdAt.toISOString() : null;
  }

  async removeAsync(key: string | null) {
    if (key === null) return null;
    const row = await this.take(key);
    if (row && this.taken === undefined) this.taken = row;
    return row ? key : null;
  }

  async take(key: string): Promise<Pending | undefined> {
    const row = await inTenant(this.deps.database.db, this.tenantId, (tx) =>
      takeRequest(tx, this.tenantId, key, this.deps.now(), this.providerId),
    );
    return row
      ? { redirect: row.redirect, remember: row.remember, testSessionId: row.testSessionId }
      : undefined;
  }
}

/** Kindling's current keys for a provider, which every SAML provider has from its creation. */
function currentKeys(provider: IdentityProviderRow, secrets: Secrets) {
  if (!secrets.sp) throw new Error(`identity provider ${provider.id} has no service provider keys`);
  return secrets.sp;
}

/**
 * node-saml set up for one provider: Kindling's current keys and addresses, the provider's
 * certificates; `decryptionPvk` when another of Kindling's encryption keys opens the response.
 */
function samlOf(
  deps: Deps,
  provider: IdentityProviderRow,
  cache: RequestCache,
  decryptionPvk?: string,
): SAML {
  const settings = samlSettings(provider);
  const keys = currentKeys(provider, openSecrets(deps.config, provider));
  const urls = ssoUrls(deps.config);
  return new SAML({
    issuer: urls.samlMetadata(provider.id),
    audience: urls.samlMetadata(provider.id),
    callbackUrl: urls.samlAcs(provider.id),
    entryPoint: settings.sso_url,
    idpCert: settings.signing_certificates,
    privateKey: keys.signing.key,
    publicCert: keys.signing.certificate,
    decryptionPvk: decryptionPvk ?? keys.encryption.key,
    signatureAlgorithm: 'sha256',
    // Either the response or the assertion must be signed (node-saml refuses neither).
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    // The identity provider chooses the NameID and how the person authenticates (MFA included).
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_MINUTES * 60_000,
    cacheProvider: cache,
  });
}

/** The identity provider's address with a signed AuthnRequest (HTTP-Redirect), its ID kept. */
export async function startSaml(
  deps: Deps,
  tenant: TenantRow,
  provider: IdentityProviderRow,
  pending: Pending,
): Promise<string> {
  const cache = new RequestCache(deps, tenant.id, provider.id, pending);
  return samlOf(deps, provider, cache).getAuthorizeUrlAsync('', undefined, {});
}

type Node = { $?: Record<string, string>; _?: string } & Record<string, unknown>;

const children = (node: unknown, name: string): Node[] =>
  ((node as Record<string, unknown> | undefined)?.[name] as Node[] | undefined) ?? [];
const textOf = (value: unknown) =>
  (typeof value === 'string' ? value : (value as Node | undefined)?._)?.trim() || null;

/** The assertion's attributes by URI name and by friendly name, first values only. */
function attributesOf(assertion: unknown): Map<string, string> {
  const read = new Map<string, string>();
  for (const statement of children(assertion, 'AttributeStatement')) {
    for (const attribute of children(statement, 'Attribute')) {
      const value = textOf(children(attribute, 'AttributeValue')[0]);
      if (value === null) continue;
      for (const name of [attribute.$?.Name, attribute.$?.FriendlyName]) {
        if (name && !read.has(name)) read.set(name, value);
      }
    }
  }
  return read;
}

/**
 * Who the assertion says the person is (CONTRACT §8): the e-mail from mail, else an e-mail NameID;
 * the stable identifier from subject-id, pairwise-id, eduPersonPrincipalName or a persistent
 * NameID, in that order, named by its kind so that two kinds never collide; with none of them the
 * e-mail stands in, and the person is found by it as before linking.
 */
function assertedOf(issuer: string, profile: Profile): Asserted {
  const assertion = profile.getAssertion?.()?.Assertion;
  const attributes = attributesOf(assertion);
  const attribute = (which: keyof typeof ATTRIBUTES) =>
    attributes.get(ATTRIBUTES[which].uri) ?? attributes.get(ATTRIBUTES[which].friendly) ?? null;
  const nameId = profile.nameID?.trim() || null;
  const email =
    attribute('mail') ??
    (profile.nameIDFormat === EMAIL_FORMAT || nameId?.includes('@') ? nameId : null);
  const stable: [string, string | null][] = [
    ['subject-id', attribute('subjectId')],
    ['pairwise-id', attribute('pairwiseId')],
    ['eppn', attribute('principalName')],
    ['persistent', profile.nameIDFormat === PERSISTENT ? nameId : null],
    ['mail', email?.toLowerCase() ?? null],
  ];
  const [kind, value] = stable.find(([, v]) => v !== null) ?? ['none', ''];
  return {
    issuer,
    subject: `${kind}:${value}`,
    email,
    emailVerified: true,
    givenName: attribute('givenName'),
    familyName: attribute('surname'),
    saml: { nameId, attributes: Object.fromEntries(attributes) },
  };
}

/** The latest NotOnOrAfter the assertion names: until then its id must not be accepted again. */
function expiryOf(assertion: unknown, now: Date): Date {
  const times: string[] = [];
  for (const conditions of children(assertion, 'Conditions')) {
    if (conditions.$?.NotOnOrAfter) times.push(conditions.$.NotOnOrAfter);
  }
  for (const subject of children(assertion, 'Subject')) {
    for (const confirmation of children(subject, 'SubjectConfirmation')) {
      for (const data of children(confirmation, 'SubjectConfirmationData')) {
        if (data.$?.NotOnOrAfter) times.push(data.$.NotOnOrAfter);
      }
    }
  }
  const latest = Math.max(...times.map(Date.parse).filter(Number.isFinite));
  const until = Number.isFinite(latest) ? latest : now.getTime() + ASSERTION_DEFAULT_MS;
  return new Date(until + CLOCK_SKEW_MS);
}

/** Whether a bearer confirmation of the (signed) assertion names this assertion consumer service. */
function recipientIs(assertion: unknown, acs: string): boolean {
  return children(assertion, 'Subject').some((subject) =>
    children(subject, 'SubjectConfirmation').some(
      (confirmation) =>
        confirmation.$?.Method === BEARER &&
        children(confirmation, 'SubjectConfirmationData').some((d) => d.$?.Recipient === acs),
    ),
  );
}

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
async function decryptionKeyOf(samlResponse: string, keys: string[]): Promise<string | undefined> {
  if (keys.length < 2) return keys[0];
  const document = documentOf(samlResponse);
  const encrypted =
    document?.getElementsByTagNameNS(ASSERTION, 'EncryptedAssertion')[0] ??
    document?.getElementsByTagNameNS(ASSERTION, 'EncryptedID')[0];
  if (!encrypted) return keys[0];
  const xml = new XMLSerializer().serializeToString(encrypted);
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
const decryptionKeys = (secrets: Secrets) =>
  [secrets.sp, secrets.sp_next, secrets.sp_previous].flatMap((pair) =>
    pair ? [pair.encryption.key] : [],
  );

const destinationOf = (samlResponse: string) => rootAttribute(samlResponse, 'Destination');

/**
 * The request a response says it answers, unverified: only to find whether a refused response
 * answered an administrator's test sign-in (the flag itself is read from the database).
 */
export const unverifiedInResponseTo = (samlResponse: string) =>
  rootAttribute(samlResponse, 'InResponseTo');

/**
 * Checks a response posted to the assertion consumer service: node-saml verifies the signature
 * (of the response or of its one assertion, decrypted first when encrypted), the audience, the
 * times with a small skew and that InResponseTo names a request this deployment issued; here the
 * issuer, the destination and the recipient are held to this provider and this address, the
 * request is used up, and the assertion's id is remembered until it expires so it is never
 * accepted twice. Answers who the person is and where they were going.
 */
export async function finishSaml(
  deps: Deps,
  tenant: TenantRow,
  provider: IdentityProviderRow,
  samlResponse: string,
  seen: { pending?: Pending | undefined } = {},
): Promise<{ asserted: Asserted; pending: Pending }> {
  const settings = samlSettings(provider);
  const acs = ssoUrls(deps.config).samlAcs(provider.id);
  const cache = new RequestCache(deps, tenant.id, provider.id, null);
  const decryptionPvk = await decryptionKeyOf(
    samlResponse,
    decryptionKeys(openSecrets(deps.config, provider)),
  );
  let profile: Profile | null;
  try {
    ({ profile } = await samlOf(deps, provider, cache, decryptionPvk).validatePostResponseAsync({
      SAMLResponse: samlResponse,
    }));
  } catch (error) {
    // node-saml may have used the request up before the check that failed.
    seen.pending = cache.taken;
    if (error instanceof SamlStatusError) throw new SsoRefusal('PROVIDER_ERROR', error.message);
    throw new SsoRefusal('INVALID_RESPONSE', (error as Error).message);
  }
  const invalid = (reason: string) => new SsoRefusal('INVALID_RESPONSE', reason);
  if (!profile) throw invalid('no assertion');
  const pending =
    cache.taken ??
    (profile.inResponseTo ? await cache.take(String(profile.inResponseTo)) : undefined);
  if (!pending) throw invalid('the request was used already');
  seen.pending = pending;
  if (profile.issuer !== settings.entity_id) throw invalid(`issuer ${profile.issuer}`);
  const destination = destinationOf(samlResponse);
  if (destination !== null && destination !== acs) throw invalid(`destination ${destination}`);
  const assertion = profile.getAssertion?.()?.Assertion;
  if (!recipientIs(assertion, acs)) throw invalid('no bearer confirmation for this recipient');
  const assertionId = (assertion as Node | undefined)?.$?.ID;
  if (!assertionId) throw invalid('the assertion has no ID');
  const fresh = await inTenant(deps.database.db, tenant.id, (tx) =>
    rememberAssertion(tx, {
      tenantId: tenant.id,
      providerId: provider.id,
      assertionId,
      expiresAt: expiryOf(assertion, deps.now()),
    }),
  );
  if (!fresh) throw invalid(`assertion ${assertionId} was accepted before`);
  return { asserted: assertedOf(settings.entity_id, profile), pending };
}

/**
 * Kindling's metadata for one provider (CONTRACT §8): its entity id, the assertion consumer
 * service by HTTP-POST, its signing and encryption certificates, and the attributes it asks for.
 * During a key rollover the next certificates are published beside the current ones, so that the
 * identity provider trusts them before Kindling starts signing with them; the previous encryption
 * certificate is published no more, so that a provider reading the metadata again moves on.
 */
export function serviceProviderMetadata(
  deps: Deps,
  tenant: TenantRow,
  provider: IdentityProviderRow,
): string {
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
