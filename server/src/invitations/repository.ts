import { status } from '@kindling/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { accounts } from '../db/schema-auth.ts';
import { users } from '../db/schema-people.ts';
import { departments, roles, schools } from '../db/schema-reference.ts';
import { accountOfUser, withSchoolAndDepartment } from '../db/user-joins.ts';

export async function emailTaken(db: Executor, tenantId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), sql`lower(${users.email}) = ${email.toLowerCase()}`));
  return row !== undefined;
}

export async function findRole(db: Executor, tenantId: number, roleId: number) {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, roleId)));
  return row;
}

/**
 * A newcomer's row as every way in makes it (a request, a member's invitation, an administrator's
 * new profile): named as given, the e-mail in lower case, the role's permissions, not yet claimed.
 */
export function inviteeRow(
  tenantId: number,
  input: {
    email: string;
    first_name: string;
    last_name: string;
    linkedin_url?: string | null | undefined;
    google_scholar_url?: string | null | undefined;
  },
  role: { id: number; permissions: string[] },
) {
  return {
    tenantId,
    email: input.email.toLowerCase(),
    firstName: input.first_name,
    lastName: input.last_name,
    roleId: role.id,
    linkedinUrl: input.linkedin_url ?? null,
    googleScholarUrl: input.google_scholar_url ?? null,
    userStatusId: status.pending,
    permissions: role.permissions,
  };
}

export async function insertInvitee(db: Executor, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  return row.id;
}

/** SPEC §3's invited user record, with the account's subject when the password is set. */
export async function findInvitedRecord(db: Executor, tenantId: number, userId: number) {
  const record = db
    .select({
      id: users.id,
      tenant_id: users.tenantId,
      admin_status_id: users.adminStatusId,
      user_status_id: users.userStatusId,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      profile_image_url: users.profileImageUrl,
      account_id: accounts.subject,
      role_id: users.roleId,
      school_name: schools.name,
      department_name: departments.name,
      permissions: users.permissions,
    })
    .from(users)
    .leftJoin(accounts, accountOfUser);
  const [row] = await withSchoolAndDepartment(record).where(
    and(eq(users.tenantId, tenantId), eq(users.id, userId)),
  );
  return row;
}

export async function setUserStatus(
  db: Executor,
  tenantId: number,
  userId: number,
  userStatusId: number,
) {
  await db
    .update(users)
    .set({ userStatusId, updatedAt: sql`now()` })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}
