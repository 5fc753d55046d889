import type { Department, Named } from '@kindling/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { departments, ipStatuses, schools, supportTypes } from '../db/schema.ts';

/** Support types and IP statuses keep the order they were created in: it is meaningful (IP progresses). */
type NamedTable = typeof schools | typeof supportTypes | typeof ipStatuses;

function listNamed(
  db: Executor,
  table: NamedTable,
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
