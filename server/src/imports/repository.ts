import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { accounts, departments, roles, schools, users } from '../db/schema.ts';

/** The tenant's roles, schools and departments, read once per upload to resolve names. */
export async function loadPlaces(db: Executor, tenantId: number) {
  const [roleRows, schoolRows, departmentRows] = await Promise.all([
    db
      .select({ id: roles.id, name: roles.name, permissions: roles.permissions })
      .from(roles)
      .where(eq(roles.tenantId, tenantId)),
    db
      .select({ id: schools.id, name: schools.name, isActive: schools.isActive })
      .from(schools)
      .where(eq(schools.tenantId, tenantId)),
    db
      .select({
        id: departments.id,
        name: departments.name,
        schoolId: departments.schoolId,
        isActive: departments.isActive,
      })
      .from(departments)
      .where(eq(departments.tenantId, tenantId)),
  ]);
  return { roles: roleRows, schools: schoolRows, departments: departmentRows };
}
export type Places = Awaited<ReturnType<typeof loadPlaces>>;

/** The people of a batch already in the tenant, by lower-cased e-mail. */
export async function findByEmails(db: Executor, tenantId: number, emails: string[]) {
  if (emails.length === 0) return new Map<string, { id: number; hasAccount: boolean }>();
  const rows = await db
    .select({
      id: users.id,
      email: sql<string>`lower(${users.email})`,
      hasAccount: sql<boolean>`${accounts.id} is not null`,
    })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.tenantId, users.tenantId), eq(accounts.userId, users.id)))
    .where(and(eq(users.tenantId, tenantId), inArray(sql`lower(${users.email})`, emails)));
  return new Map(rows.map((row) => [row.email, { id: row.id, hasAccount: row.hasAccount }]));
}

export function insertPeople(db: Executor, values: (typeof users.$inferInsert)[]) {
  if (values.length === 0) return Promise.resolve([]);
  return db.insert(users).values(values).returning({ id: users.id, email: users.email });
}

export async function updatePerson(
  db: Executor,
  tenantId: number,
  userId: number,
  values: Partial<typeof users.$inferInsert>,
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}
