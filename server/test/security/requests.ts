/**
 * The requests the generated suites send: each route's path parameters, query and a body its
 * validation accepts, made from one side of the world (world.ts) and aimed at either side's objects;
 * and the access each route declares, as the suites read it.
 */
import sharp from 'sharp';
import { randomToken } from '../../src/auth/tokens.ts';
import { type Operation, sampleOf, uniqueSuffix, urlOf } from './operations.ts';
import { ISSUER, type Side } from './world.ts';

/**
 * Which of a side's objects each path parameter names. A route whose template no rule matches
 * fails the suite (rather than being skipped): add its rule here when adding the route.
 */
const pathRules: {
  template: RegExp;
  /** Only for this method; a rule without one serves every method of the template. */
  method?: Operation['method'];
  params: (side: Side) => Record<string, number>;
}[] = [
  // Not on one's own idea: the suite's faculty, its author, asks about a colleague's.
  {
    template: /^\/api\/v1\/ideas\/\{id\}\/interest$/,
    method: 'POST',
    params: (s) => ({ id: s.colleagueIdeaId }),
  },
  {
    template: /^\/api\/v1\/ideas\/\{id\}\/(comments|interest|comments\/closed)$/,
    params: (s) => ({ id: s.ideaId }),
  },
  {
    template: /^\/api\/v1\/(admin\/)?comments\/\{id\}(\/hidden)?$/,
    params: (s) => ({ id: s.commentId }),
  },
  { template: /^\/api\/v1\/interest\/\{id\}$/, params: (s) => ({ id: s.interestId }) },
  { template: /^\/api\/v1\/auth\/sessions\/\{id\}$/, params: (s) => ({ id: s.studentSessionId }) },
  { template: /^\/api\/v1\/auth\/passkeys\/\{id\}$/, params: (s) => ({ id: s.passkeyId }) },
  {
    template: /^\/api\/v1\/ideas\/\{id\}(\/(follow|unfollow|experts|similar))?$/,
    params: (s) => ({ id: s.ideaId }),
  },
  { template: /^\/api\/v1\/users\/\{id\}\/ideas$/, params: (s) => ({ id: s.faculty.id }) },
  { template: /^\/api\/v1\/users\/\{id\}$/, params: (s) => ({ id: s.faculty.id }) },
  { template: /^\/api\/v1\/users\/\{id\}\/status$/, params: (s) => ({ id: s.invitee.id }) },
  {
    template: /^\/api\/v1\/profiles\/\{id\}(\/photo|\/orcid)?$/,
    params: (s) => ({ id: s.faculty.id }),
  },
  {
    template: /^\/api\/v1\/profiles\/\{id\}\/imports(\/\{cid\}\/(accept|reject))?$/,
    params: (s) => ({ id: s.faculty.id, cid: s.candidateId }),
  },
  { template: /^\/api\/v1\/admin\/users\/\{id\}\/[a-z-]+$/, params: (s) => ({ id: s.student.id }) },
  // Erasure: the suite's administrator themselves, refused (409), so the suite's callers live on.
  { template: /^\/api\/v1\/admin\/users\/\{id\}$/, params: (s) => ({ id: s.admin.id }) },
  { template: /^\/api\/v1\/admin\/schools\/\{id\}$/, params: (s) => ({ id: s.schoolId }) },
  { template: /^\/api\/v1\/admin\/departments\/\{id\}$/, params: (s) => ({ id: s.departmentId }) },
  { template: /^\/api\/v1\/admin\/support\/\{id\}$/, params: (s) => ({ id: s.supportId }) },
  { template: /^\/api\/v1\/admin\/ip-status\/\{id\}$/, params: (s) => ({ id: s.ipStatusId }) },
  { template: /^\/api\/v1\/admin\/roles\/\{id\}$/, params: (s) => ({ id: s.roleId }) },
  {
    template: /^\/api\/v1\/admin\/ideas\/\{id\}(\/case-manager)?$/,
    params: (s) => ({ id: s.ideaId }),
  },
  {
    template:
      /^\/api\/v1\/(admin\/identity-providers\/\{id\}(\/test-result)?|auth\/sso\/\{id\}\/start)$/,
    params: (s) => ({ id: s.identityProvider.id }),
  },
  {
    template:
      /^\/api\/v1\/(auth\/sso\/saml\/\{id\}\/(metadata|acs)|admin\/identity-providers\/\{id\}\/sp-keys(\/activate|\/previous)?)$/,
    params: (s) => ({ id: s.samlProviderId }),
  },
];

export function pathParamsOf(operation: Operation, side: Side): Record<string, number> {
  if (operation.pathParams.length === 0) return {};
  const rule = pathRules.find(
    (r) => r.template.test(operation.path) && (!r.method || r.method === operation.method),
  );
  if (!rule) {
    throw new Error(
      `${operation.key} has no fixture for its path parameters: add a rule to pathRules in server/test/security/world.ts`,
    );
  }
  return rule.params(side);
}

/** Public calls name their tenant; claim-token calls also carry the side's token. */
export function queryOf(operation: Operation, side: Side): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const parameter of operation.query) {
    if (parameter.name === 'tenant_id') query.tenant_id = side.tenantId;
    if (parameter.name === 'token') query.token = side.invitee.token;
  }
  return query;
}

const linkedin = 'https://www.linkedin.com/in/sample-person';

/** What a valid body needs beyond the schema's own minimum, by operation. */
const bodyRules: Record<string, (side: Side) => Record<string, unknown>> = {
  'POST /api/v1/auth/sign-in': (s) => ({ email: s.faculty.email, password: 'Wrong!pass1' }),
  'POST /api/v1/auth/forgot-password': (s) => ({ email: `nobody-${uniqueSuffix()}@${s.domain}` }),
  'POST /api/v1/auth/reset-password': (s) => ({
    email: `nobody-${uniqueSuffix()}@${s.domain}`,
    code: '123456',
    password: 'Reset!Pass1',
  }),
  'POST /api/v1/auth/sign-in/mfa': () => ({ challenge: randomToken(), code: '123456' }),
  'POST /api/v1/auth/mfa/totp/enable': () => ({ code: '123456' }),
  'DELETE /api/v1/auth/mfa/totp': () => ({ password: 'Wrong!pass1' }),
  // A wrong password: the suite's callers are not erased.
  'DELETE /api/v1/me': () => ({ password: 'Wrong!pass1' }),
  'DELETE /api/v1/auth/passkeys/{id}': () => ({ password: 'Wrong!pass1' }),
  'POST /api/v1/auth/sign-in/mfa/passkey-options': () => ({ challenge: randomToken() }),
  'POST /api/v1/auth/sign-in/mfa/passkey': () => ({ challenge: randomToken() }),
  // On would need the administrator's own second factor, and would then lock their session.
  'PUT /api/v1/admin/security': () => ({ require_mfa_for_admins: false }),
  'POST /api/v1/auth/claim': (s) => ({ token: s.invitee.token, password: 'Claim!Pass1' }),
  // A wrong current password: the suite's callers keep theirs, and their other sessions.
  'PUT /api/v1/auth/password': () => ({
    current_password: 'Wrong!pass1',
    new_password: 'Changed!Pass1',
  }),
  'PUT /api/v1/users/{id}/status': () => ({ status: 'decline' }),
  'POST /api/v1/request-invitation': () => person(1),
  'POST /api/v1/invite-user': () => person(1),
  'POST /api/v1/admin/users': () => person(1),
  'POST /api/v1/admin/departments': (s) => ({ school_id: s.schoolId }),
  'PUT /api/v1/admin/users/{id}/approval': () => ({ admin_status_id: 3 }),
  'PUT /api/v1/admin/users/{id}/permissions': () => ({ permissions: [] }),
  'PUT /api/v1/admin/users/{id}/role': (s) => ({ role_id: s.roleId }),
  'PUT /api/v1/admin/roles/{id}': () => ({ name: `Visitor ${uniqueSuffix()}` }),
  'PUT /api/v1/admin/schools/{id}': () => ({ name: `School ${uniqueSuffix()}` }),
  'PUT /api/v1/admin/departments/{id}': () => ({ name: `Department ${uniqueSuffix()}` }),
  'PUT /api/v1/admin/support/{id}': () => ({ name: `Support ${uniqueSuffix()}` }),
  'PUT /api/v1/admin/ip-status/{id}': () => ({ name: `IP status ${uniqueSuffix()}` }),
  'PUT /api/v1/admin/ideas/{id}/case-manager': () => ({ case_manager_id: null }),
  'POST /api/v1/notifications/read': () => ({ all: true }),
  'POST /api/v1/ideas': (s) => ({ support_ids: [s.supportId] }),
  'PUT /api/v1/ideas/{id}': (s) => ({ support_ids: [s.supportId] }),
  'PUT /api/v1/profiles/{id}': () => ({ first_name: 'Sample', last_name: 'Person', bio: 'A bio.' }),
  'PUT /api/v1/profiles/{id}/orcid': () => ({ orcid: null }),
  // Without an iD on the profile: refused before any source is read.
  'POST /api/v1/profiles/{id}/imports': () => ({ source: 'orcid' }),
  'PUT /api/v1/admin/settings': () => ({ time_zone: 'Europe/Berlin' }),
  'POST /api/v1/admin/identity-providers': (s) => ({
    protocol: 'saml',
    name: `Provider ${uniqueSuffix()}`,
    email_domains: [s.domain],
    metadata_xml: s.identityProvider.samlMetadata,
  }),
  // The same issuer and client: saved without reading the discovery document again.
  'PUT /api/v1/admin/identity-providers/{id}': (s) => ({
    protocol: 'oidc',
    name: s.identityProvider.name,
    email_domains: [s.domain],
    issuer: ISSUER,
    client_id: 'kindling',
    scopes: 'openid email profile',
  }),
};

function person(roleId: number) {
  return {
    first_name: 'Sample',
    last_name: 'Person',
    email: `person-${uniqueSuffix()}@example.edu`,
    role_id: roleId,
    linkedin_url: linkedin,
  };
}

let png: Promise<Buffer> | undefined;
/** A real 8×8 PNG, for the photo upload. */
export function tinyPng(): Promise<Buffer> {
  png ??= sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 80, b: 20 } },
  })
    .png()
    .toBuffer();
  return png;
}

/** A body the operation's validation accepts when sent by a member of `side`. */
async function bodyOf(operation: Operation, side: Side): Promise<BodyInit | undefined> {
  if (!operation.body) return undefined;
  if (operation.body.contentType === 'multipart/form-data') {
    const form = new FormData();
    form.append(
      'file',
      new File([new Uint8Array(await tinyPng())], 'me.png', { type: 'image/png' }),
    );
    return form;
  }
  if (operation.body.contentType === 'application/x-www-form-urlencoded') {
    return new URLSearchParams(
      Object.entries(jsonBodyOf(operation, side)).map(([key, value]) => [key, String(value)]),
    );
  }
  return JSON.stringify(jsonBodyOf(operation, side));
}

export function jsonBodyOf(operation: Operation, side: Side): Record<string, unknown> {
  const base = operation.body ? (sampleOf(operation.body.schema) as Record<string, unknown>) : {};
  const properties = operation.body?.schema.properties ?? {};
  if ('tenant_id' in properties) base.tenant_id = side.tenantId;
  return { ...base, ...bodyRules[operation.key]?.(side) };
}

/** The request a member of `side` would send, aimed at `target`'s objects. */
export async function requestOf(
  operation: Operation,
  options: { side: Side; target?: Side; cookie?: string; headers?: Record<string, string> },
): Promise<{ url: string; init: RequestInit }> {
  const target = options.target ?? options.side;
  const url = urlOf(operation, pathParamsOf(operation, target), queryOf(operation, options.side));
  const body = await bodyOf(operation, options.side);
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (typeof body === 'string') headers['content-type'] = 'application/json';
  return { url, init: { method: operation.method, headers, body } };
}

/**
 * The SAML service provider's own addresses (CONTRACT §8): registered at the identity provider as
 * its entity id and assertion consumer service, they name a provider and no tenant, the metadata is
 * public by nature, and the identity provider's page posts to the assertion consumer cross-site,
 * exempt from the Origin check. Their tenant is the provider's: sso/saml.test.ts proves that a
 * response of one tenant's provider posted to another's is refused.
 */
export const PROVIDER_ADDRESSED = new Set([
  'GET /api/v1/auth/sso/saml/{id}/metadata',
  'POST /api/v1/auth/sso/saml/{id}/acs',
]);

/**
 * A notification mail's one-click unsubscribe (CONTRACT §9, RFC 8058): a mail client posts it, from
 * a webmail's page too, so it is exempt from the Origin check like the assertion consumer. Its
 * signed token is its authority: notifications/mail-settings.test.ts proves that a forged token, or
 * one shown under another tenant, changes nothing.
 */
export const TOKEN_ADDRESSED = new Set(['POST /api/v1/unsubscribe']);

/** Anyone may call it: public, or with an invitation's claim token (no session). */
export const isPublic = (operation: Operation) =>
  operation.access === 'public' || operation.access === 'claim';

/** Only members holding `admin` may call it. */
export const isAdministration = (operation: Operation) => operation.access === 'admin';

/** The permission the route declares it needs, besides a session (`admin` for administration). */
export const permissionOf = (operation: Operation): string | null =>
  operation.access === 'admin'
    ? 'admin'
    : typeof operation.access === 'object'
      ? operation.access.permission
      : null;
