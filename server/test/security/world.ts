import { status } from '@kindling/contract';
import { eq } from 'drizzle-orm';
import { insertToken } from '../../src/auth/repository.ts';
import { randomToken, tokenHash } from '../../src/auth/tokens.ts';
import { sessions } from '../../src/db/schema-auth.ts';
import { passkeys } from '../../src/db/schema-mfa.ts';
import { departments, ipStatuses, roles } from '../../src/db/schema-reference.ts';
import { importCandidates } from '../../src/db/schema-scholarly.ts';
import { identityProviders } from '../../src/db/schema-sso.ts';
import { bindTenant } from '../../src/db/tenant-scope.ts';
import {
  AUTHOR_PERMISSIONS,
  makeMember,
  postIdea,
  supportIds,
} from '../../src/ideas/test-fixtures.ts';
import { parseIdpMetadata } from '../../src/sso/saml-metadata.ts';
import { sealSecrets } from '../../src/sso/settings.ts';
import { generateServiceProviderKeys } from '../../src/sso/sp-keys.ts';
import type { TestApp } from '../app.ts';
import { jsonInit, makeSchool, makeTenant, makeUser, sessionCookie } from '../factories.ts';
import { uniqueSuffix } from './operations.ts';

/**
 * Every free text of tenant Alpha carries this word, so an answer given to Beta can be searched for
 * any trace of Alpha's data without knowing which field would have leaked.
 */
export const ALPHA_MARK = 'Zyxalpha';

interface Caller {
  id: number;
  email: string;
  cookie: string;
}

/** One tenant with a member of each kind and one object of each kind the API addresses by id. */
export interface Side {
  tenantId: number;
  domain: string;
  admin: Caller;
  /** Faculty with every permission but `admin`. */
  faculty: Caller;
  /** A member with no permission at all. */
  student: Caller;
  /** The student's session: another member's, to every other caller. */
  studentSessionId: number;
  /**
   * The student's passkey: another member's, to every other caller. Not the faculty member's, whose
   * password sign-ins in the suite a passkey would turn into a second step.
   */
  passkeyId: number;
  schoolId: number;
  departmentId: number;
  supportId: number;
  ipStatusId: number;
  /** A role only this side has: role ids are per tenant, so the shared defaults prove nothing. */
  roleId: number;
  /** Led by `faculty`, who commented on it; `student` expressed interest in it. */
  ideaId: number;
  /** Led by another member: one `faculty` may express interest in. */
  colleagueIdeaId: number;
  commentId: number;
  interestId: number;
  /** Approved by an administrator, not yet accepted: the claim flow's starting point. */
  invitee: { id: number; token: string };
  /** An OIDC provider whose discovery is stored, and SAML metadata a new provider may be made of. */
  identityProvider: { id: number; name: string; samlMetadata: string };
  /** A SAML provider with Kindling's keys sealed, whose metadata and assertion consumer are called. */
  samlProviderId: number;
  /** An import candidate waiting on `faculty`'s profile. */
  candidateId: number;
}

export const ISSUER = 'https://login.example.edu';

/**
 * A SAML identity provider's metadata, read with no network: a new provider needs nothing more.
 * Its signing pair also serves as the side's own service provider keys, as a key pair costs
 * hundreds of milliseconds to make and what is signed with it is never checked here.
 */
async function samlMaterial(mark: string) {
  const sp = await generateServiceProviderKeys(`${mark.toLowerCase()}.example.edu`, new Date());
  const certificate = sp.signing.certificate.replace(/-----[A-Z ]+-----|\s/g, '');
  const metadata = `<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.edu/${mark}">
  <IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <KeyDescriptor use="signing"><KeyInfo xmlns="http://www.w3.org/2000/09/xmldsig#"><X509Data><X509Certificate>${certificate}</X509Certificate></X509Data></KeyInfo></KeyDescriptor>
    <SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example.edu/sso"/>
  </IDPSSODescriptor>
</EntityDescriptor>`;
  return { metadata, sp };
}

export interface World {
  alpha: Side;
  beta: Side;
}

async function makeSide(t: TestApp, mark: string, roleId: number): Promise<Side> {
  const { tenantId, adminUserId, domain } = await makeTenant(t.db, `${mark} University`);
  const secret = t.deps.config.secretKey;
  const admin = {
    id: adminUserId,
    email: `admin@${domain}`,
    cookie: await sessionCookie(t.db, secret, tenantId, adminUserId),
  };
  const member = async (permissions: string[], roleId: number) => {
    const made = await makeMember(t, tenantId, {
      firstName: mark,
      lastName: `${mark}son`,
      email: `${mark.toLowerCase()}-${uniqueSuffix()}@${domain}`,
      roleId,
      permissions,
    });
    return { id: made.id, email: made.email, cookie: made.cookie };
  };
  const faculty = await member([...AUTHOR_PERMISSIONS, 'invite_user'], 2);
  const student = await member([], 1);
  const studentSessionId = await sessionIdOf(t, tenantId, student.cookie);
  const school = await makeSchool(t.db, tenantId, `${mark} School of Science`);
  const { metadata, sp } = await samlMaterial(mark);
  const idp = parseIdpMetadata(metadata);
  const { departmentId, ipStatusId, provider, samlProvider, candidate, passkey } =
    await t.db.transaction(async (tx) => {
      await bindTenant(tx, tenantId);
      const [department] = await tx
        .insert(departments)
        .values({ tenantId, schoolId: school.id, name: `${mark} Department` })
        .returning({ id: departments.id });
      const [ipStatus] = await tx
        .insert(ipStatuses)
        .values({ tenantId, name: `${mark} licensed` })
        .returning({ id: ipStatuses.id });
      await tx
        .insert(roles)
        .values({ tenantId, id: roleId, name: `${mark} visitor`, icon: 'person' });
      const [provider] = await tx
        .insert(identityProviders)
        .values({
          tenantId,
          protocol: 'oidc',
          name: `${mark} Login`,
          emailDomains: [domain],
          settings: {
            issuer: ISSUER,
            client_id: 'kindling',
            scopes: 'openid email profile',
            discovery: {
              issuer: ISSUER,
              authorization_endpoint: `${ISSUER}/authorize`,
              token_endpoint: `${ISSUER}/token`,
              jwks_uri: `${ISSUER}/jwks`,
            },
          },
        })
        .returning({ id: identityProviders.id, name: identityProviders.name });
      const [samlProvider] = await tx
        .insert(identityProviders)
        .values({
          tenantId,
          protocol: 'saml',
          name: `${mark} Shibboleth`,
          emailDomains: [domain],
          settings: {
            metadata_url: null,
            metadata_xml: metadata,
            entity_id: idp.entityId,
            sso_url: idp.ssoUrl,
            signing_certificates: idp.signingCertificates,
            sp_certificates: {
              signing: sp.signing.certificate,
              encryption: sp.encryption.certificate,
            },
          },
          sealed: sealSecrets(t.deps.config, tenantId, { sp }),
        })
        .returning({ id: identityProviders.id });
      const [candidate] = await tx
        .insert(importCandidates)
        .values({
          tenantId,
          userId: faculty.id,
          section: 'publications',
          source: 'doi',
          entry: {
            title: `${mark} publication`,
            authors: `${mark} Author`,
            year: 2020,
            citations: 3,
            doi: `10.5555/${mark.toLowerCase()}`,
            venue: `${mark} Journal`,
            url: null,
          },
          matchKey: `doi:10.5555/${mark.toLowerCase()}`,
        })
        .returning({ id: importCandidates.id });
      const [passkey] = await tx
        .insert(passkeys)
        .values({
          tenantId,
          userId: student.id,
          name: `${mark} passkey`,
          credentialId: randomToken(),
          publicKey: new Uint8Array(77),
          backedUp: false,
        })
        .returning({ id: passkeys.id });
      if (!department || !ipStatus || !provider || !samlProvider || !candidate || !passkey)
        throw new Error('no department, IP status, provider, candidate or passkey');
      return {
        departmentId: department.id,
        ipStatusId: ipStatus.id,
        provider,
        samlProvider,
        candidate,
        passkey,
      };
    });
  const [supportId] = await supportIds(t, tenantId);
  if (supportId === undefined) throw new Error('no support types');
  const ideaId = await postIdea(t, faculty.cookie, {
    title: `${mark} idea`,
    introduction: `${mark} introduction`,
    support_ids: [supportId],
  });
  const colleague = await member(AUTHOR_PERMISSIONS, 2);
  const colleagueIdeaId = await postIdea(t, colleague.cookie, {
    title: `${mark} colleague's idea`,
    introduction: `${mark} introduction`,
  });
  const created = async (cookie: string, path: string, body: unknown) => {
    const res = await t.request(`/api/v1${path}`, jsonInit('POST', body, cookie));
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { id: number }).id;
  };
  const commentId = await created(faculty.cookie, `/ideas/${ideaId}/comments`, {
    body: `${mark} comment`,
  });
  const interestId = await created(student.cookie, `/ideas/${ideaId}/interest`, {
    kind: 'collaboration',
    message: `${mark} interest`,
  });
  const invited = await makeUser(t.db, tenantId, {
    firstName: mark,
    lastName: 'Invitee',
    email: `${mark.toLowerCase()}-invitee-${uniqueSuffix()}@${domain}`,
    adminStatusId: status.approved,
    userStatusId: status.pending,
  });
  const token = randomToken();
  await t.db.transaction(async (tx) => {
    await bindTenant(tx, tenantId);
    await insertToken(tx, {
      tenantId,
      userId: invited.id,
      purpose: 'claim',
      tokenHash: tokenHash(secret, token),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
  });
  return {
    tenantId,
    domain,
    admin,
    faculty,
    student,
    studentSessionId,
    passkeyId: passkey.id,
    schoolId: school.id,
    departmentId,
    supportId,
    ipStatusId,
    roleId,
    ideaId,
    colleagueIdeaId,
    commentId,
    interestId,
    invitee: { id: invited.id, token },
    identityProvider: { ...provider, samlMetadata: metadata },
    samlProviderId: samlProvider.id,
    candidateId: candidate.id,
  };
}

/** The id of the session a cookie holds. */
async function sessionIdOf(t: TestApp, tenantId: number, cookie: string): Promise<number> {
  const token = cookie.slice(cookie.indexOf('=') + 1);
  const [row] = await t.db.transaction(async (tx) => {
    await bindTenant(tx, tenantId);
    return tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHash(t.deps.config.secretKey, token)));
  });
  if (!row) throw new Error('no session for the cookie');
  return row.id;
}

/** Alpha is the victim whose ids are tried; Beta is the attacker's own tenant. */
export async function makeWorld(t: TestApp): Promise<World> {
  return { alpha: await makeSide(t, ALPHA_MARK, 90), beta: await makeSide(t, 'Qwbeta', 91) };
}
