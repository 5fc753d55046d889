import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
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

/** Who signs in at the identity provider: the attributes it releases, by URI or friendly name. */
export interface SamlPerson {
  attributes?: Record<string, string>;
  nameId?: string;
  nameIdFormat?: string;
}

/** How the identity provider answers: what it signs, whether it encrypts, values it changes. */
export interface SamlAnswer {
  sign?: 'assertion' | 'response' | 'none';
  encrypt?: boolean;
  /** Replaces the template's values: Destination, Audience, SubjectRecipient, InResponseTo, … */
  values?: Record<string, string>;
}

const TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function attributeStatement(attributes: Record<string, string>): string {
  const entries = Object.entries(attributes);
  if (entries.length === 0) return '';
  const body = entries
    .map(
      ([name, value]) =>
        `<saml:Attribute Name="${escapeXml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:uri"><saml:AttributeValue xsi:type="xs:string">${escapeXml(value)}</saml:AttributeValue></saml:Attribute>`,
    )
    .join('');
  return `<saml:AttributeStatement>${body}</saml:AttributeStatement>`;
}

/** The raw query parts a Redirect-binding signature covers, in their order, as sent. */
function octetString(url: URL): string {
  const parts = url.search.slice(1).split('&');
  return ['SAMLRequest', 'RelayState', 'SigAlg']
    .map((name) => parts.find((part) => part.startsWith(`${name}=`)))
    .filter((part): part is string => part !== undefined)
    .join('&');
}

/**
 * A real SAML identity provider (samlify's) on 127.0.0.1, while the app is on localhost: it serves
 * its metadata, reads the signed AuthnRequest of the Redirect binding (refusing a bad signature as
 * a provider would), and answers with the auto-posting form a browser would submit cross-site.
 * Service providers are trusted by their metadata, as a university's IT office registers them.
 */
export async function startSamlIdp() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${origin}/idp`;
  const { signing } = await generateServiceProviderKeys('idp.test', new Date());
  const settings = {
    entityID: entityId,
    signingCert: signing.certificate,
    privateKey: signing.key,
    wantAuthnRequestsSigned: true,
    singleSignOnService: [
      { Binding: samlify.Constants.namespace.binding.redirect, Location: `${origin}/sso` },
    ],
    dataEncryptionAlgorithm: 'http://www.w3.org/2001/04/xmlenc#aes256-cbc',
    keyEncryptionAlgorithm: 'http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p',
  };
  const idp = samlify.IdentityProvider(settings);
  const encryptingIdp = samlify.IdentityProvider({ ...settings, isAssertionEncrypted: true });
  const metadata = idp.getMetadata();
  const trusted = new Map<string, string>();
  const logins = new Map<string, { person: SamlPerson; answer: SamlAnswer }>();

  async function respond(url: URL): Promise<{ status: number; body: string }> {
    const request = inflateRawSync(
      Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64'),
    ).toString('utf8');
    const issuer = /<saml:Issuer[^>]*>([^<]+)<\/saml:Issuer>/.exec(request)?.[1] ?? '';
    const spMetadata = trusted.get(issuer);
    const login = logins.get(url.searchParams.get('as') ?? '');
    if (!spMetadata || !login) return { status: 400, body: 'unknown service provider or person' };
    const { person, answer } = login;
    const sp = samlify.ServiceProvider({
      metadata:
        answer.sign === 'response'
          ? spMetadata.replace('WantAssertionsSigned="true"', 'WantAssertionsSigned="false"')
          : spMetadata,
    });
    const query = Object.fromEntries(url.searchParams);
    let parsed: Awaited<ReturnType<typeof idp.parseLoginRequest>>;
    try {
      parsed = await idp.parseLoginRequest(sp, 'redirect', {
        query,
        octetString: octetString(url),
      });
    } catch (error) {
      return { status: 400, body: `refused: ${(error as Error).message}` };
    }
    const requestId = String(parsed.extract.request?.id ?? '');
    const acs = String(/AssertionConsumerServiceURL="([^"]+)"/.exec(request)?.[1] ?? '');
    const now = new Date();
    const later = new Date(now.getTime() + 5 * 60_000).toISOString();
    const values: Record<string, string> = {
      ID: `_${randomBytes(16).toString('hex')}`,
      AssertionID: `_${randomBytes(16).toString('hex')}`,
      Destination: acs,
      Audience: issuer,
      SubjectRecipient: acs,
      Issuer: entityId,
      IssueInstant: now.toISOString(),
      StatusCode: samlify.Constants.StatusCode.Success,
      ConditionsNotBefore: now.toISOString(),
      ConditionsNotOnOrAfter: later,
      SubjectConfirmationDataNotOnOrAfter: later,
      NameIDFormat: person.nameIdFormat ?? TRANSIENT,
      NameID: person.nameId ?? `_${randomBytes(8).toString('hex')}`,
      InResponseTo: requestId,
      AuthnStatement: '',
      ...answer.values,
    };
    const statement = attributeStatement(person.attributes ?? {});
    const fill = (template: string) =>
      samlify.SamlLib.replaceTagsByValue(template, values).replace(
        '{AttributeStatement}',
        statement,
      );
    const template = samlify.SamlLib.defaultLoginResponseTemplate.context;
    let samlResponse: string;
    if (answer.sign === 'none') {
      samlResponse = Buffer.from(fill(template)).toString('base64');
    } else {
      const answering = answer.encrypt ? encryptingIdp : idp;
      const made = await answering.createLoginResponse(
        sp,
        // InResponseTo is the template's value; samlify reads nothing else of the request here.
        { extract: parsed.extract },
        'post',
        {},
        {
          customTagReplacement: (t: string) => ({ id: values.ID as string, context: fill(t) }),
        },
      );
      samlResponse = made.context;
    }
    const relayState = url.searchParams.get('RelayState') ?? '';
    const form = `<form method="post" action="${escapeXml(acs)}"><input name="SAMLResponse" value="${samlResponse}"><input name="RelayState" value="${escapeXml(relayState)}"></form>`;
    return { status: 200, body: form };
  }

  server.on('request', (incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', origin);
    if (url.pathname === '/metadata') {
      outgoing.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(metadata);
      return;
    }
    if (url.pathname !== '/sso') {
      outgoing.writeHead(404).end();
      return;
    }
    respond(url).then(
      ({ status, body }) => outgoing.writeHead(status, { 'content-type': 'text/html' }).end(body),
      (error: Error) => outgoing.writeHead(500).end(error.message),
    );
  });

  /**
   * Follows the AuthnRequest's address to the provider as `person`, and returns the form the
   * provider's page would post: where to, and its fields.
   */
  async function signIn(authnRequestUrl: string, person: SamlPerson, answer: SamlAnswer = {}) {
    const key = randomBytes(6).toString('hex');
    logins.set(key, { person, answer: { sign: 'assertion', ...answer } });
    // Added as raw text: the signature covers the query exactly as the app encoded it.
    const page = await fetch(`${authnRequestUrl}&as=${key}`);
    const html = await page.text();
    if (page.status !== 200)
      throw new Error(`the identity provider answered ${page.status}: ${html}`);
    const field = (name: string) =>
      new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';
    const action = new URL(/action="([^"]+)"/.exec(html)?.[1] ?? '');
    return { action, SAMLResponse: field('SAMLResponse'), RelayState: field('RelayState') };
  }

  return {
    origin,
    entityId,
    metadataUrl: `${origin}/metadata`,
    metadata,
    /** Registers a service provider by its metadata, as the IT office does. */
    trust(spMetadata: string) {
      const entity = /entityID="([^"]+)"/.exec(spMetadata)?.[1];
      if (!entity) throw new Error('no entityID in the service provider metadata');
      trusted.set(entity, spMetadata);
    },
    signIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
