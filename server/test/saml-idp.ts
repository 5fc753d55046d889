import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import * as validator from '@authenio/samlify-node-xmllint';
import * as samlifyModule from 'samlify';
import { generateServiceProviderKeys } from '../src/sso/sp-keys.ts';

/**
 * samlify's CommonJS exports object: Node's ESM loader (Playwright's journeys) names only the
 * exports it detects statically, and SamlLib is not one of them.
 */
const samlify = (samlifyModule as { default?: typeof samlifyModule }).default ?? samlifyModule;

samlify.setSchemaValidator(validator);

/** What the identity provider's page posts to: the app under test, called in-process. */
interface AppRequest {
  request(url: string, init?: RequestInit): Response | Promise<Response>;
}

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
  /** Of several encryption certificates in the service provider's metadata, the one used. */
  encryptTo?: 'first' | 'last';
  /** Replaces the template's values: Destination, Audience, SubjectRecipient, InResponseTo, … */
  values?: Record<string, string>;
}

const TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';
const KEY_DESCRIPTOR =
  /<(?:md:)?KeyDescriptor\b[^>]*use="(signing|encryption)"[^>]*>[\s\S]*?<\/(?:md:)?KeyDescriptor>/g;

/**
 * The service provider's metadata once for each signing certificate it publishes, each with one
 * encryption certificate: samlify reads one certificate of each use, where a real identity
 * provider checks a signature against each published certificate (a key rollover publishes two).
 */
function perSigningCertificate(spMetadata: string, encryptTo: 'first' | 'last'): string[] {
  const descriptors = [...spMetadata.matchAll(KEY_DESCRIPTOR)];
  const ofUse = (use: string) => descriptors.filter((d) => d[1] === use).map((d) => d[0]);
  const encryption = ofUse('encryption');
  const encryptingTo = encryptTo === 'last' ? encryption.at(-1) : encryption[0];
  const keeping = (kept: string[]) =>
    descriptors.reduce(
      (xml, [descriptor]) => (kept.includes(descriptor) ? xml : xml.replace(descriptor, '')),
      spMetadata,
    );
  const signing = ofUse('signing');
  return signing.length > 1
    ? signing.map((one) => keeping([one, ...(encryptingTo ? [encryptingTo] : [])]))
    : [keeping([...signing, ...(encryptingTo ? [encryptingTo] : [])])];
}

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

  /** People known at the login page, by e-mail; anyone else is released with their e-mail only. */
  const people = new Map<string, SamlPerson>();

  async function respond(url: URL): Promise<{ status: number; body: string }> {
    const request = inflateRawSync(
      Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64'),
    ).toString('utf8');
    const issuer = /<saml:Issuer[^>]*>([^<]+)<\/saml:Issuer>/.exec(request)?.[1] ?? '';
    const spMetadata = trusted.get(issuer);
    const login = logins.get(url.searchParams.get('as') ?? '');
    if (!spMetadata || !login) return { status: 400, body: 'unknown service provider or person' };
    const { person, answer } = login;
    const query = Object.fromEntries(url.searchParams);
    let found:
      | {
          sp: ReturnType<typeof samlify.ServiceProvider>;
          parsed: Awaited<ReturnType<typeof idp.parseLoginRequest>>;
        }
      | undefined;
    let refusal = 'no signing certificate';
    for (const metadata of perSigningCertificate(spMetadata, answer.encryptTo ?? 'first')) {
      const sp = samlify.ServiceProvider({
        metadata:
          answer.sign === 'response'
            ? metadata.replace('WantAssertionsSigned="true"', 'WantAssertionsSigned="false"')
            : metadata,
      });
      try {
        const parsed = await idp.parseLoginRequest(sp, 'redirect', {
          query,
          octetString: octetString(url),
        });
        found = { sp, parsed };
        break;
      } catch (error) {
        refusal = (error as Error).message;
      }
    }
    if (!found) return { status: 400, body: `refused: ${refusal}` };
    const { sp, parsed } = found;
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
    const form = `<form method="post" action="${escapeXml(acs)}"><input type="hidden" name="SAMLResponse" value="${samlResponse}"><input type="hidden" name="RelayState" value="${escapeXml(relayState)}"><button type="submit">Continue</button></form>`;
    return { status: 200, body: page('Signing you in', form) };
  }

  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

  /** The provider's own login page, for a browser: the AuthnRequest's query rides along, as sent. */
  function loginPage(url: URL): string {
    const form = `<form method="post" action="/login"><input type="hidden" name="query" value="${escapeXml(url.search.slice(1))}"><label>Email <input name="email" type="email" autocomplete="username"></label> <button type="submit">Sign in</button></form>`;
    return page('Campus sign-in', form);
  }

  /** The login form posted: the person signs in, and the answer's form is shown. */
  async function login(body: string) {
    const fields = new URLSearchParams(body);
    const email = fields.get('email') ?? '';
    const key = randomBytes(6).toString('hex');
    const person = people.get(email.toLowerCase()) ?? { attributes: { mail: email } };
    logins.set(key, { person, answer: { sign: 'assertion' } });
    return respond(new URL(`/sso?${fields.get('query') ?? ''}&as=${key}`, origin));
  }

  server.on('request', (incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', origin);
    if (url.pathname === '/metadata') {
      outgoing.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(metadata);
      return;
    }
    const answer = (work: Promise<{ status: number; body: string }>) =>
      work.then(
        ({ status, body }) => outgoing.writeHead(status, { 'content-type': 'text/html' }).end(body),
        (error: Error) => outgoing.writeHead(500).end(error.message),
      );
    if (url.pathname === '/login' && incoming.method === 'POST') {
      let body = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => {
        body += chunk;
      });
      incoming.on('end', () => void answer(login(body)));
      return;
    }
    if (url.pathname !== '/sso') {
      outgoing.writeHead(404).end();
      return;
    }
    if (!url.searchParams.has('as')) {
      outgoing.writeHead(200, { 'content-type': 'text/html' }).end(loginPage(url));
      return;
    }
    void answer(respond(url));
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

  /** The provider's page posting its form to the app, cross-site as in a browser. */
  async function post(app: AppRequest, action: URL, fields: Record<string, string>) {
    return app.request(action.pathname, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin,
        'sec-fetch-site': 'cross-site',
      },
      body: new URLSearchParams(fields).toString(),
    });
  }

  return {
    origin,
    entityId,
    metadataUrl: `${origin}/metadata`,
    metadata,
    /** Who may sign in at the login page, by e-mail, and what is released of them. */
    people,
    post,
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
