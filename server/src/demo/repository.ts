import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { accounts } from '../db/schema-auth.ts';
import { notifications } from '../db/schema-notifications.ts';
import { users } from '../db/schema-people.ts';
import { ipStatuses, roles, supportTypes } from '../db/schema-reference.ts';

interface DemoMember {
  email: string;
  firstName: string;
  lastName: string;
  roleId: number;
  schoolId: number | null;
  departmentId: number | null;
  headline: string;
  location: string;
  linkedinUrl: string | null;
  googleScholarUrl: string | null;
  adminStatusId: number;
  userStatusId: number;
  /** Given on top of the role's. */
  extraPermissions: string[];
  /** Null for someone who has not claimed the profile, and so has no password. */
  passwordHash: string | null;
}

/**
 * Members with their roles' permissions, and accounts for those with a password: two statements
 * for them all. Answers their ids and permissions in the order given.
 */
export async function insertMembers(tx: Tx, tenantId: number, members: DemoMember[]) {
  const rolePermissions = new Map(
    (await tx.select().from(roles).where(eq(roles.tenantId, tenantId))).map((role) => [
      role.id,
      role.permissions,
    ]),
  );
  const values = members.map(({ extraPermissions, passwordHash: _, ...member }) => ({
    ...member,
    tenantId,
    permissions: [...new Set([...(rolePermissions.get(member.roleId) ?? []), ...extraPermissions])],
  }));
  const rows = await tx.insert(users).values(values).returning({ id: users.id });
  const withPassword = members.flatMap((member, index) => {
    const userId = rows[index]?.id;
    return member.passwordHash === null || userId === undefined
      ? []
      : [{ tenantId, userId, passwordHash: member.passwordHash }];
  });
  if (withPassword.length) await tx.insert(accounts).values(withPassword);
  return rows.map((row, index) => ({ id: row.id, permissions: values[index]?.permissions ?? [] }));
}

/** The tenant's support types and IP statuses by name: the demo file names them. */
export async function tenantLookups(tx: Tx, tenantId: number) {
  const byName = async (table: typeof supportTypes | typeof ipStatuses) =>
    new Map(
      (
        await tx
          .select({ id: table.id, name: table.name })
          .from(table)
          .where(and(eq(table.tenantId, tenantId), eq(table.isActive, true)))
      ).map((row) => [row.name, row.id]),
    );
  return { supportTypes: await byName(supportTypes), ipStatuses: await byName(ipStatuses) };
}

/**
 * The demo sends no mail: what it notified happened in the past, so its notifications count as
 * mailed when they were made, and no digest gathers them (they stay unread in the list).
 */
export async function markNotificationsMailed(tx: Tx, tenantId: number) {
  await tx
    .update(notifications)
    .set({ mailedAt: sql`${notifications.createdAt}` })
    .where(and(eq(notifications.tenantId, tenantId), isNull(notifications.mailedAt)));
}

/** The tenant's notifications that came before `before`, read a day after each came. */
export async function markSeenBefore(tx: Tx, tenantId: number, before: Date) {
  await tx
    .update(notifications)
    .set({ readAt: sql`${notifications.createdAt} + interval '1 day'` })
    .where(
      and(
        eq(notifications.tenantId, tenantId),
        isNull(notifications.readAt),
        lt(notifications.createdAt, before),
      ),
    );
}
