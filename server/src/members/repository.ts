import { type MemberStanding, status } from '@kindling/contract';
import { and, count, desc, eq, isNull, ne, not, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { containsPattern } from '../db/like.ts';
import { accounts } from '../db/schema-auth.ts';
import { users } from '../db/schema-people.ts';
import { departments, roles, schools } from '../db/schema-reference.ts';
import { sameTenant } from '../db/schema-tenants.ts';
import { accountOfUser, withMemberPlace } from '../db/user-joins.ts';

const inviter = alias(users, 'inviter');

/** The console's member filters; CONTRACT §3's admin_status_id among them. */
export interface MemberFilter {
  adminStatusId?: number | undefined;
  q?: string | undefined;
  status?: MemberStanding | undefined;
  roleId?: number | undefined;
  schoolId?: number | undefined;
  departmentId?: number | undefined;
}

const hasAccount = sql`exists (select 1 from ${accounts} where ${accountOfUser})`;

/** A standing as SQL; every one but `disabled` leaves disabled members out (contract/members.ts). */
export function standing(value: MemberStanding): SQL {
  const enabled = eq(users.isDisabled, false);
  switch (value) {
    case 'pending':
      return and(enabled, eq(users.adminStatusId, status.pending)) as SQL;
    case 'invited':
      return and(
        enabled,
        eq(users.adminStatusId, status.approved),
        ne(users.userStatusId, status.declined),
        not(hasAccount),
      ) as SQL;
    case 'active':
      return and(
        enabled,
        eq(users.adminStatusId, status.approved),
        eq(users.userStatusId, status.approved),
        hasAccount,
      ) as SQL;
    case 'declined':
      return and(
        enabled,
        or(eq(users.adminStatusId, status.declined), eq(users.userStatusId, status.declined)),
      ) as SQL;
    case 'disabled':
      // Erased members are disabled too, but no longer members (privacy/inventory.ts).
      return and(eq(users.isDisabled, true), isNull(users.erasedAt)) as SQL;
  }
}

function memberFilter(tenantId: number, filter: MemberFilter) {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  return and(
    eq(users.tenantId, tenantId),
    // An erased member is a 'Former member' others' records point at, no longer a member.
    isNull(users.erasedAt),
    filter.adminStatusId !== undefined ? eq(users.adminStatusId, filter.adminStatusId) : undefined,
    filter.status ? standing(filter.status) : undefined,
    filter.roleId !== undefined ? eq(users.roleId, filter.roleId) : undefined,
    filter.schoolId !== undefined ? eq(users.schoolId, filter.schoolId) : undefined,
    filter.departmentId !== undefined ? eq(users.departmentId, filter.departmentId) : undefined,
    pattern
      ? or(
          sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern}`,
          sql`lower(${users.email}) like ${pattern}`,
        )
      : undefined,
  );
}

/** Members for the administrators' list, newest first, with what a reviewer needs to decide. */
export function listMembers(
  db: Executor,
  tenantId: number,
  filter: MemberFilter & { limit: number; offset: number },
) {
  const members = db
    .select({
      id: users.id,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      role_id: users.roleId,
      role_name: roles.name,
      school_id: users.schoolId,
      school_name: schools.name,
      department_id: users.departmentId,
      department_name: departments.name,
      linkedin_url: users.linkedinUrl,
      google_scholar_url: users.googleScholarUrl,
      admin_status_id: users.adminStatusId,
      user_status_id: users.userStatusId,
      has_account: sql<boolean>`${accounts.id} is not null`,
      is_disabled: users.isDisabled,
      permissions: users.permissions,
      invited_by_name: sql<string | null>`${inviter.firstName} || ' ' || ${inviter.lastName}`,
      created_at: users.createdAt,
    })
    .from(users);
  return withMemberPlace(members)
    .leftJoin(accounts, accountOfUser)
    .leftJoin(inviter, sameTenant(inviter.id, users.invitedById))
    .where(memberFilter(tenantId, filter))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

export async function countMembers(db: Executor, tenantId: number, filter: MemberFilter) {
  const [row] = await db.select({ n: count() }).from(users).where(memberFilter(tenantId, filter));
  return row?.n ?? 0;
}

export async function findMember(db: Executor, tenantId: number, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      adminStatusId: users.adminStatusId,
      userStatusId: users.userStatusId,
      isDisabled: users.isDisabled,
      roleId: users.roleId,
      permissions: users.permissions,
      accountId: accounts.id,
    })
    .from(users)
    .leftJoin(accounts, accountOfUser)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId), isNull(users.erasedAt)));
  return row;
}
