import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { accounts } from '../db/schema-auth.ts';
import { users } from '../db/schema-people.ts';
import { departments, roles, schools } from '../db/schema-reference.ts';
import { accountOfUser } from '../db/user-joins.ts';

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
    .leftJoin(accounts, accountOfUser)
    .where(and(eq(users.tenantId, tenantId), inArray(sql`lower(${users.email})`, emails)));
  return new Map(rows.map((row) => [row.email, { id: row.id, hasAccount: row.hasAccount }]));
}

export function insertPeople(db: Executor, values: (typeof users.$inferInsert)[]) {
  if (values.length === 0) return Promise.resolve([]);
  return db.insert(users).values(values).returning({ id: users.id, email: users.email });
}

/** What an update writes: names and role always; a place when the row names one; filled cells. */
export interface PersonUpdate {
  id: number;
  firstName: string;
  lastName: string;
  roleId: number;
  /** Undefined when the row names no school: the saved school and department stay. */
  place?: { schoolId: number | null; departmentId: number | null };
  profile: Partial<typeof users.$inferInsert>;
}

const textColumns = [
  ['headline', 'headline'],
  ['location', 'location'],
  ['bio', 'bio'],
  ['linkedinUrl', 'linkedin_url'],
  ['googleScholarUrl', 'google_scholar_url'],
  ['facultyPageUrl', 'faculty_page_url'],
] as const;
const jsonColumns = [
  ['education', 'education'],
  ['experience', 'experience'],
  ['patents', 'patents'],
  ['projects', 'projects'],
  ['publications', 'publications'],
  ['grants', 'grants'],
] as const;

/**
 * Updates a batch of known people in one statement: a row of values per person, where null means
 * "keep the saved value" (an import never clears a field), so 500 updates cost one round trip.
 */
export async function updatePeople(db: Executor, tenantId: number, people: PersonUpdate[]) {
  if (people.length === 0) return;
  const rows = people.map((p) => {
    const text = textColumns.map(
      ([key]) => sql`${(p.profile[key] as string | undefined) ?? null}::text`,
    );
    const json = jsonColumns.map(([key]) => {
      const value = p.profile[key];
      return sql`${value === undefined ? null : JSON.stringify(value)}::jsonb`;
    });
    return sql`(${p.id}::int, ${p.firstName}::text, ${p.lastName}::text, ${p.roleId}::smallint,
      ${p.place !== undefined}::boolean, ${p.place?.schoolId ?? null}::int,
      ${p.place?.departmentId ?? null}::int, ${sql.join([...text, ...json], sql`, `)})`;
  });
  const names = [...textColumns, ...jsonColumns].map(([, column]) => column);
  const keep = names.map(
    (column) =>
      sql`${sql.identifier(column)} = coalesce(v.${sql.identifier(column)}, u.${sql.identifier(column)})`,
  );
  await db.execute(sql`
    update ${users} as u set
      first_name = v.first_name,
      last_name = v.last_name,
      role_id = v.role_id,
      school_id = case when v.set_place then v.school_id else u.school_id end,
      department_id = case when v.set_place then v.department_id else u.department_id end,
      ${sql.join(keep, sql`, `)},
      updated_at = now()
    from (values ${sql.join(rows, sql`, `)}) as v(id, first_name, last_name, role_id, set_place,
      school_id, department_id, ${sql.join(
        names.map((column) => sql.identifier(column)),
        sql`, `,
      )})
    where u.tenant_id = ${tenantId} and u.id = v.id`);
}
