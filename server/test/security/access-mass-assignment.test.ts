import { or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/db/client.ts';
import { ideas } from '../../src/db/schema-ideas.ts';
import { users } from '../../src/db/schema-people.ts';
import { createTestApp, type TestApp } from '../app.ts';
import { TEST_PASSWORD } from '../factories.ts';
import { changedTables, fingerprint } from './fingerprint.ts';
import { changesState, loadOperations, type Operation, urlOf } from './operations.ts';
import { isAdministration, isPublic, jsonBodyOf, pathParamsOf, queryOf } from './requests.ts';
import { makeWorld, type World } from './world.ts';

/**
 * Mass assignment, generated over every documented JSON write: extra keys in a body are ignored.
 */

/** One server for the file; its group builds its own two tenants in it. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Keys a client might add to take what it should not: privileges, statuses, another tenant,
 * another owner, and prototype keys. A key the body's schema declares is real input and is left out.
 */
function hostileExtras(world: World): Record<string, unknown> {
  const { alpha, beta } = world;
  const extras: Record<string, unknown> = {
    permissions: ['admin', 'invite_user'],
    is_admin: true,
    admin: true,
    tenant_id: beta.tenantId,
    admin_status_id: 2,
    user_status_id: 2,
    is_disabled: false,
    id: alpha.admin.id,
    user_id: alpha.admin.id,
    account_id: 1,
    principal_investigator_id: alpha.admin.id,
    case_manager_id: alpha.admin.id,
    invited_user_id: alpha.admin.id,
    created_by: alpha.admin.id,
    password_hash: 'not-a-hash',
    subject: 'forged-subject',
    constructor: { prototype: { polluted: true } },
  };
  // JSON.parse makes "__proto__" an own key, as it arrives from the wire.
  Object.defineProperty(extras, '__proto__', {
    value: { polluted: true, permissions: ['admin'] },
    enumerable: true,
  });
  return extras;
}

/** Bodies that succeed where the shared fixture is built to be refused (a wrong password, say). */
const succeeding: Record<string, (world: World) => Record<string, unknown>> = {
  'POST /api/v1/auth/sign-in': (w) => ({ password: TEST_PASSWORD, email: w.alpha.faculty.email }),
  'POST /api/v1/auth/forgot-password': (w) => ({ email: w.alpha.faculty.email }),
  'PUT /api/v1/auth/password': () => ({
    current_password: TEST_PASSWORD,
    new_password: 'Changed!Pass1',
  }),
};

/**
 * Calls that cannot succeed from fixtures alone: the mailed code, an accepted invitation, an
 * import (it reads ORCID, Crossref or OpenAlex; scholarly/imports-*.test.ts run them on fakes), a
 * code from an authenticator app (mfa/mfa.test.ts sets one up), an erasure (privacy/privacy.test.ts
 * erases members of its own), a passkey's signature (its ceremonies also need the tenant's own
 * host: passkeys/*.test.ts run them with an authenticator).
 */
const REFUSED_ANYWAY = new Set([
  'POST /api/v1/auth/reset-password',
  'POST /api/v1/auth/claim',
  'POST /api/v1/profiles/{id}/imports',
  'POST /api/v1/auth/sign-in/mfa',
  'POST /api/v1/auth/mfa/totp/enable',
  'DELETE /api/v1/auth/mfa/totp',
  'DELETE /api/v1/me',
  'POST /api/v1/auth/passkeys/registration-options',
  'POST /api/v1/auth/passkeys',
  // The fixture passkey is the student's (world.ts), and the suite's caller here is faculty.
  'PUT /api/v1/auth/passkeys/{id}',
  'DELETE /api/v1/auth/passkeys/{id}',
  'POST /api/v1/auth/passkeys/sign-in-options',
  'POST /api/v1/auth/sign-in/passkey',
  'POST /api/v1/auth/sign-in/mfa/passkey-options',
  'POST /api/v1/auth/sign-in/mfa/passkey',
]);

const PRIVILEGED = sql`${users.id}, ${users.tenantId}, ${users.permissions}, ${users.adminStatusId}, ${users.userStatusId}, ${users.isDisabled}, ${users.roleId}`;

const privilegesRow = z.strictObject({
  id: z.number(),
  tenant_id: z.number(),
  permissions: z.array(z.string()),
  admin_status_id: z.number(),
  user_status_id: z.number(),
  is_disabled: z.boolean(),
  role_id: z.number(),
});

describe('mass assignment: extra keys in a body are ignored on every route', () => {
  let world: World;
  let operations: Operation[];

  beforeAll(async () => {
    world = await makeWorld(t);
    operations = await loadOperations(t);
  });

  const privileges = async () => {
    const rows = await queryRows(t.db, sql`select ${PRIVILEGED} from ${users}`, privilegesRow);
    return new Map(rows.map((row) => [row.id, row]));
  };

  it('grants no privilege, status, tenant or ownership and pollutes no prototype', async () => {
    const { alpha, beta } = world;
    const problems: string[] = [];
    const targets = operations.filter(
      (o) => changesState(o) && o.body?.contentType === 'application/json',
    );
    expect(targets.length).toBeGreaterThan(10);
    for (const operation of targets) {
      const cookie = isPublic(operation)
        ? undefined
        : isAdministration(operation)
          ? alpha.admin.cookie
          : alpha.faculty.cookie;
      const declared = operation.body?.schema.properties ?? {};
      const body = { ...jsonBodyOf(operation, alpha), ...succeeding[operation.key]?.(world) };
      for (const [key, descriptor] of Object.entries(
        Object.getOwnPropertyDescriptors(hostileExtras(world)),
      )) {
        // A public call names its tenant in the query too; a second, different one is a 400.
        if (key in declared || (key === 'tenant_id' && isPublic(operation))) continue;
        Object.defineProperty(body, key, { ...descriptor, enumerable: true });
      }
      const target = pathParamsOf(operation, alpha).id;
      const before = await privileges();
      const betaBefore = await fingerprint(t.db, beta.tenantId);
      const res = await t.request(
        urlOf(operation, pathParamsOf(operation, alpha), queryOf(operation, alpha)),
        {
          method: operation.method,
          headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
          body: JSON.stringify(body),
        },
      );
      const after = await privileges();
      const who = `${operation.key} (${res.status})`;
      if (res.status >= 500) problems.push(`${who}: server error`);
      if (res.status >= 400 && !REFUSED_ANYWAY.has(operation.key)) {
        problems.push(`${who}: the valid body was refused`);
      }
      const betaChanged = changedTables(betaBefore, await fingerprint(t.db, beta.tenantId));
      if (betaChanged.length > 0) problems.push(`${who}: wrote to Beta's ${betaChanged}`);
      for (const [id, now] of after) {
        const was = before.get(id);
        if (!was) {
          if (now.permissions.includes('admin'))
            problems.push(`${who}: new user ${id} is an admin`);
          if (now.tenant_id !== alpha.tenantId)
            problems.push(`${who}: new user ${id} in tenant ${now.tenant_id}`);
          if (!isAdministration(operation) && now.admin_status_id !== 1) {
            problems.push(`${who}: new user ${id} approved without an administrator`);
          }
          if (now.user_status_id !== 1)
            problems.push(`${who}: new user ${id} accepted for its invitee`);
        } else if (id !== target && JSON.stringify(now) !== JSON.stringify(was)) {
          problems.push(
            `${who}: user ${id} changed from ${JSON.stringify(was)} to ${JSON.stringify(now)}`,
          );
        } else if (now.permissions.includes('admin') && !was.permissions.includes('admin')) {
          problems.push(`${who}: user ${id} was made an admin`);
        }
      }
      const probe = {} as Record<string, unknown>;
      if (probe.polluted !== undefined || probe.permissions !== undefined) {
        problems.push(`${who}: Object.prototype polluted`);
      }
    }
    const stolen = await t.db
      .select({ id: ideas.id })
      .from(ideas)
      .where(
        or(
          sql`${ideas.principalInvestigatorId} = ${alpha.admin.id}`,
          sql`${ideas.caseManagerId} = ${alpha.admin.id}`,
        ),
      );
    if (stolen.length > 0)
      problems.push(`ideas ${stolen.map((i) => i.id)} were given to the admin`);
    expect(problems).toEqual([]);
  });
});
