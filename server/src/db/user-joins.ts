/**
 * How a member's row meets its account, role, school and department in a join: by key, in the
 * member's own tenant, as the composite foreign keys (schema-tenants.ts) hold them.
 */
import { and, eq } from 'drizzle-orm';
import { accounts } from './schema-auth.ts';
import { users } from './schema-people.ts';
import { departments, roles, schools } from './schema-reference.ts';

export const accountOfUser = and(
  eq(accounts.tenantId, users.tenantId),
  eq(accounts.userId, users.id),
);
export const roleOfUser = and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.roleId));
export const schoolOfUser = and(
  eq(schools.tenantId, users.tenantId),
  eq(schools.id, users.schoolId),
);
export const departmentOfUser = and(
  eq(departments.tenantId, users.tenantId),
  eq(departments.id, users.departmentId),
);
