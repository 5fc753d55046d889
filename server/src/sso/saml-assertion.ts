/** What a verified SAML assertion says: who the person is, whom it is for, how long its id is kept. */
import type { Profile } from '@node-saml/node-saml';
import type { Asserted } from './admission.ts';

/** How far the identity provider's clock may be from ours on NotBefore and NotOnOrAfter. */
export const CLOCK_SKEW_MS = 60_000;
/** How long an assertion's id is kept when it names no expiry of its own. */
const ASSERTION_DEFAULT_MS = 60 * 60_000;

const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

/** CONTRACT §8's attributes: the URI name, the friendly name, and whether Kindling needs it. */
export const ATTRIBUTES = {
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
export function assertedOf(issuer: string, profile: Profile): Asserted {
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
export function expiryOf(assertion: unknown, now: Date): Date {
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
export function recipientIs(assertion: unknown, acs: string): boolean {
  return children(assertion, 'Subject').some((subject) =>
    children(subject, 'SubjectConfirmation').some(
      (confirmation) =>
        confirmation.$?.Method === BEARER &&
        children(confirmation, 'SubjectConfirmationData').some((d) => d.$?.Recipient === acs),
    ),
  );
}

/** The assertion's ID, which must never be accepted twice. */
export const assertionIdOf = (assertion: unknown) => (assertion as Node | undefined)?.$?.ID;
