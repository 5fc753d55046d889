import type { Department, Named } from '@kindling/contract';
import { and, asc, eq, getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { ideaSupports, ideas } from '../db/schema-ideas.ts';
import { users } from '../db/schema-people.ts';
import { departments, ipStatuses, roles, schools, supportTypes } from '../db/schema-reference.ts';

/**
 * How many rows of `table` name the entry in `column`, as a correlated subquery. Names are
 * qualified by hand: drizzle leaves columns bare in a one-table select, which would bind the
 * outer `id` to the counted table.
 */
const usage = (
  table: typeof users | typeof ideas | typeof ideaSupports,
  column: AnyPgColumn,
  outer: NamedTable | typeof roles,
  tenantId: number,
): SQL<number> =>
  sql<number>`(select count(*)::int from ${table} as counted where counted.tenant_id = ${tenantId} and counted.${sql.identifier(column.name)} = ${sql.identifier(getTableName(outer))}.id)`;

export function listSchoolsInUse(db: Executor, tenantId: number) {
  return db
    .select({
      id: schools.id,
      name: schools.name,
      is_active: schools.isActive,
      people: usage(users, users.schoolId, schools, tenantId),
      ideas: usage(ideas, ideas.piSchoolId, schools, tenantId),
    })
    .from(schools)
    .where(eq(schools.tenantId, tenantId))
    .orderBy(asc(schools.name), asc(schools.id));
}

export function listDepartmentsInUse(db: Executor, tenantId: number) {
  return db
    .select({
      id: departments.id,
      name: departments.name,
      school_id: departments.schoolId,
      is_active: departments.isActive,
      people: usage(users, users.departmentId, departments, tenantId),
      ideas: usage(ideas, ideas.piDepartmentId, departments, tenantId),
    })
    .from(departments)
    .where(eq(departments.tenantId, tenantId))
    .orderBy(asc(departments.name), asc(departments.id));
}

/**
 * Support types and IP statuses in the order they were created, as the pickers show them, each
 * with how many ideas name it in `column`.
 */
function listInCreationOrder(
  db: Executor,
  tenantId: number,
  table: typeof supportTypes | typeof ipStatuses,
  naming: typeof ideas | typeof ideaSupports,
  column: AnyPgColumn,
) {
  return db
    .select({
      id: table.id,
      name: table.name,
      is_active: table.isActive,
      ideas: usage(naming, column, table, tenantId),
    })
    .from(table)
    .where(eq(table.tenantId, tenantId))
    .orderBy(asc(table.id));
}

export const listSupportInUse = (db: Executor, tenantId: number) =>
  listInCreationOrder(db, tenantId, supportTypes, ideaSupports, ideaSupports.supportId);

export const listIpStatusesInUse = (db: Executor, tenantId: number) =>
  listInCreationOrder(db, tenantId, ipStatuses, ideas, ideas.ipStatusId);

export function listRolesInUse(db: Executor, tenantId: number) {
  return db
    .select({
      id: roles.id,
      name: roles.name,
      icon: roles.icon,
      people: usage(users, users.roleId, roles, tenantId),
    })
    .from(roles)
    .where(eq(roles.tenantId, tenantId))
    .orderBy(asc(roles.id));
}

export type NamedTable =
  | typeof schools
  | typeof departments
  | typeof supportTypes
  | typeof ipStatuses;
type EntryTable = NamedTable | typeof roles;

/** An entry of the lists or a role, whole: what the console's edits compare a change against. */
export async function findEntry<T extends EntryTable>(
  db: Executor,
  table: T,
  tenantId: number,
  id: number,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .select()
    .from(table as EntryTable)
    .where(and(eq(table.tenantId, tenantId), eq(table.id, id)));
  return row as T['$inferSelect'] | undefined;
}

export async function updateEntry<T extends EntryTable>(
  db: Executor,
  table: T,
  tenantId: number,
  id: number,
  values: PgUpdateSetSource<T>,
) {
  await db
    .update(table as EntryTable)
    .set(values as PgUpdateSetSource<EntryTable>)
    .where(and(eq(table.tenantId, tenantId), eq(table.id, id)));
}

/** Role names have no unique index (roles are seeded per tenant), so the check is made here. */
export async function roleNameTaken(db: Executor, tenantId: number, id: number, name: string) {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.tenantId, tenantId),
        sql`lower(${roles.name}) = ${name.toLowerCase()}`,
        sql`${roles.id} <> ${id}`,
      ),
    );
  return row !== undefined;
}

/** Support types and IP statuses keep the order they were created in: it is meaningful (IP progresses). */
function listNamed(
  db: Executor,
  table: typeof schools | typeof supportTypes | typeof ipStatuses,
  tenantId: number,
  activeOnly: boolean,
  order: 'name' | 'created',
): Promise<Named[]> {
  return db
    .select({ id: table.id, name: table.name, is_active: table.isActive })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), activeOnly ? eq(table.isActive, true) : undefined))
    .orderBy(...(order === 'name' ? [asc(table.name), asc(table.id)] : [asc(table.id)]));
}

export const listSchools = (db: Executor, tenantId: number, activeOnly: boolean) =>
  listNamed(db, schools, tenantId, activeOnly, 'name');

export const listSupportTypes = (db: Executor, tenantId: number, activeOnly: boolean) =>
  listNamed(db, supportTypes, tenantId, activeOnly, 'created');

export const listIpStatuses = (db: Executor, tenantId: number, activeOnly: boolean) =>
  listNamed(db, ipStatuses, tenantId, activeOnly, 'created');

export function listDepartments(
  db: Executor,
  tenantId: number,
  activeOnly: boolean,
): Promise<Department[]> {
  return db
    .select({
      id: departments.id,
      name: departments.name,
      school_id: departments.schoolId,
      is_active: departments.isActive,
    })
    .from(departments)
    .where(
      and(
        eq(departments.tenantId, tenantId),
        activeOnly ? eq(departments.isActive, true) : undefined,
      ),
    )
    .orderBy(asc(departments.name), asc(departments.id));
}

export async function schoolExists(
  db: Executor,
  tenantId: number,
  schoolId: number,
  { activeOnly = false } = {},
) {
  const [row] = await db
    .select({ id: schools.id })
    .from(schools)
    .where(
      and(
        eq(schools.tenantId, tenantId),
        eq(schools.id, schoolId),
        activeOnly ? eq(schools.isActive, true) : undefined,
      ),
    );
  return row !== undefined;
}
