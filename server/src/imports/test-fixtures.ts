/** The import tests' app: two tenants, their administrators and a member signed in, and the calls. */
import { importAnswer, importPreviewAnswer } from '@kindling/contract';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import {
  giveAccount,
  makeSchool,
  makeTenant,
  makeUser,
  signInCookie,
} from '../../test/factories.ts';
import { users } from '../db/schema-people.ts';
import { departments, schools } from '../db/schema-reference.ts';
import { bindTenant } from '../db/tenant-scope.ts';

const header = 'first_name,last_name,email,role,school,department,headline,education,publications';
export const csvOf = (...rows: string[]) => [header, ...rows].join('\n');
export const person = (n: number, extra = '') =>
  `Person,Number${String.fromCharCode(65 + (n % 26))},p${n}@alpha.edu,Student${extra}`;

/**
 * Alpha University with School of Engineering (Robotics, and Optics deactivated) and Old College
 * deactivated; Beta Institute; their administrators' cookies and an Alpha member's.
 */
export async function importsWorld() {
  const t = await createTestApp();
  const alpha = await makeTenant(t.db, 'Alpha University');
  const beta = await makeTenant(t.db, 'Beta Institute');

  const upload = (path: string, cookie: string, body: BodyInit, type = 'text/csv') =>
    t.request(`/api/v1${path}`, {
      method: 'POST',
      headers: { cookie, 'content-type': type },
      body,
    });
  const preview = async (cookie: string, csv: string) => {
    const res = await upload('/admin/imports/preview', cookie, csv);
    expect(res.status, await res.clone().text()).toBe(200);
    return importPreviewAnswer.parse(await res.json());
  };
  const runImport = async (cookie: string, csv: BodyInit, query = '') => {
    const res = await upload(`/admin/imports${query}`, cookie, csv);
    expect(res.status, await res.clone().text()).toBe(200);
    return importAnswer.parse(await res.json());
  };
  const inAlpha = <T>(work: (tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0]) => T) =>
    t.db.transaction(async (tx) => {
      await bindTenant(tx, alpha.tenantId);
      return work(tx);
    });
  const personByEmail = (email: string) =>
    inAlpha(async (tx) => {
      const [row] = await tx
        .select()
        .from(users)
        .where(and(eq(users.tenantId, alpha.tenantId), eq(users.email, email)));
      return row;
    });

  const admin = await signInCookie(t.request, alpha.tenantId, `admin@${alpha.domain}`);
  const betaAdmin = await signInCookie(t.request, beta.tenantId, `admin@${beta.domain}`);
  const someone = await makeUser(t.db, alpha.tenantId, { roleId: 2 });
  await giveAccount(t.db, alpha.tenantId, someone.id);
  const member = await signInCookie(t.request, alpha.tenantId, someone.email);
  const engineering = await makeSchool(t.db, alpha.tenantId, 'School of Engineering');
  const closed = await makeSchool(t.db, alpha.tenantId, 'Old College');
  await inAlpha(async (tx) => {
    await tx.insert(departments).values([
      { tenantId: alpha.tenantId, schoolId: engineering.id, name: 'Robotics' },
      { tenantId: alpha.tenantId, schoolId: engineering.id, name: 'Optics', isActive: false },
    ]);
    await tx.update(schools).set({ isActive: false }).where(eq(schools.id, closed.id));
  });
  return {
    t,
    alpha,
    admin,
    betaAdmin,
    member,
    upload,
    preview,
    runImport,
    inAlpha,
    personByEmail,
  };
}

export type ImportsWorld = Awaited<ReturnType<typeof importsWorld>>;
