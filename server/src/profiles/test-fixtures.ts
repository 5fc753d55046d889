/** The profile tests' world: two tenants with schools and departments, and members with sessions. */
import { createTestApp } from '../../test/app.ts';
import {
  giveAccount,
  makeSchool,
  makeTenant,
  makeUser,
  sessionCookie,
} from '../../test/factories.ts';
import { callerOf } from '../../test/fixtures.ts';
import { departments } from '../db/schema-reference.ts';
import { bindTenant } from '../db/tenant-scope.ts';

/** A PUT body with the three required fields, for tests about the others. */
export const baseBody = {
  first_name: 'Marie',
  last_name: 'Curie',
  bio: '<p>Physicist and chemist.</p>',
};

/** One app for a test file, with Alpha University (Engineering/Robotics, Medicine/Radiology) and Beta Institute. */
export async function profilesWorld() {
  const t = await createTestApp();

  async function makeDepartment(tenantId: number, schoolId: number, name: string) {
    return t.db.transaction(async (tx) => {
      await bindTenant(tx, tenantId);
      const [row] = await tx
        .insert(departments)
        .values({ tenantId, schoolId, name })
        .returning({ id: departments.id });
      return row?.id as number;
    });
  }

  async function member(tenantId: number, overrides: Parameters<typeof makeUser>[2]) {
    const user = await makeUser(t.db, tenantId, overrides);
    await giveAccount(t.db, tenantId, user.id);
    return user;
  }

  const cookieFor = (tenantId: number, userId: number) =>
    sessionCookie(t.db, t.deps.config.secretKey, tenantId, userId);

  const alpha = await makeTenant(t.db, 'Alpha University');
  const beta = await makeTenant(t.db, 'Beta Institute');
  const engineering = (await makeSchool(t.db, alpha.tenantId, 'Engineering')).id;
  const medicine = (await makeSchool(t.db, alpha.tenantId, 'Medicine')).id;
  const robotics = await makeDepartment(alpha.tenantId, engineering, 'Robotics');
  const radiology = await makeDepartment(alpha.tenantId, medicine, 'Radiology');
  const betaSchool = (await makeSchool(t.db, beta.tenantId, 'Beta School')).id;
  const betaDepartment = await makeDepartment(beta.tenantId, betaSchool, 'Beta Department');
  const me = await member(alpha.tenantId, {
    firstName: 'Marie',
    lastName: 'Curie',
    email: 'marie@alpha.edu',
    roleId: 2,
    schoolId: engineering,
    departmentId: robotics,
    permissions: ['create_idea'],
  });
  const other = await member(alpha.tenantId, {
    firstName: 'Pierre',
    lastName: 'Curie',
    roleId: 1,
    googleScholarUrl: 'https://scholar.google.com/citations?user=abcdefgh',
    linkedinUrl: 'https://www.linkedin.com/in/pierre',
    bio: '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror=alert(1)></p>',
  });
  const pending = await makeUser(t.db, alpha.tenantId, { adminStatusId: 1, userStatusId: 1 });
  const betaMember = await member(beta.tenantId, { firstName: 'Bea', lastName: 'Beta' });
  return {
    t,
    call: callerOf(() => t),
    alpha,
    beta,
    engineering,
    medicine,
    robotics,
    radiology,
    betaSchool,
    betaDepartment,
    me,
    other,
    pending,
    betaMember,
    meCookie: await cookieFor(alpha.tenantId, me.id),
    otherCookie: await cookieFor(alpha.tenantId, other.id),
    adminCookie: await cookieFor(alpha.tenantId, alpha.adminUserId),
    betaCookie: await cookieFor(beta.tenantId, betaMember.id),
    makeDepartment,
    member,
    cookieFor,
  };
}

export type ProfilesWorld = Awaited<ReturnType<typeof profilesWorld>>;
