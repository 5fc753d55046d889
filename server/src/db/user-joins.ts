/**
 * How a member's row meets its account, role, school and department in a join: by key, in the
 * member's own tenant, as the composite foreign keys (schema-tenants.ts) hold them. The member with
 * their role, school and department is written here once, for the query builder and for raw SQL.
 */
import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgSelectQueryBuilder, PgSelectKind } from 'drizzle-orm/pg-core';
import type { AppendToNullabilityMap } from 'drizzle-orm/query-builders/select.types';
import { accounts } from './schema-auth.ts';
import { users } from './schema-people.ts';
import { departments, roles, schools } from './schema-reference.ts';
import { sameTenant } from './schema-tenants.ts';

export const accountOfUser = sameTenant(accounts.userId, users.id);
export const roleOfUser = sameTenant(roles.id, users.roleId);
const schoolOfUser = sameTenant(schools.id, users.schoolId);
const departmentOfUser = sameTenant(departments.id, users.departmentId);

/** A member's role, school and department, ids and names, as cards and the profile show them. */
export const memberPlace = {
  roleId: users.roleId,
  roleName: roles.name,
  roleIcon: roles.icon,
  schoolId: users.schoolId,
  schoolName: schools.name,
  departmentId: users.departmentId,
  departmentName: departments.name,
};

/** A partial select (`db.select({ … })`), with or without joins so far. */
type MemberSelect = {
  _: { selectMode: 'partial' } & Omit<AnyPgSelectQueryBuilder['_'], 'selectMode'>;
};

/** The select `query` after joining `table` (left: its columns may read null). */
type Joined<
  Q extends MemberSelect,
  Table extends string,
  Kind extends 'inner' | 'left',
> = PgSelectKind<
  Q['_']['hkt'],
  Q['_']['tableName'],
  Q['_']['selection'],
  'partial',
  AppendToNullabilityMap<Q['_']['nullabilityMap'], Table, Kind>,
  false,
  never
>;

/** A select of members joined to their school and department (either may be unset). */
export function withSchoolAndDepartment<Q extends MemberSelect>(query: Q) {
  const joinable = query as unknown as AnyPgSelectQueryBuilder;
  return joinable
    .leftJoin(schools, schoolOfUser)
    .leftJoin(departments, departmentOfUser) as unknown as Joined<
    Joined<Q, 'schools', 'left'>,
    'departments',
    'left'
  >;
}

/** A select of members joined to their role, school and department: what `memberPlace` reads. */
export function withMemberPlace<Q extends MemberSelect>(query: Q) {
  const joinable = query as unknown as AnyPgSelectQueryBuilder;
  return withSchoolAndDepartment(
    joinable.innerJoin(roles, roleOfUser) as unknown as Joined<Q, 'roles', 'inner'>,
  );
}

/** The aliases raw statements give a member and their role, school and department. */
const memberAliases: Record<string, string> = {
  users: 'u',
  roles: 'r',
  schools: 's',
  departments: 'd',
};

/**
 * Drizzle columns of the member and their place as a raw select list for the aliases above, each
 * named as its key: `u.role_id as "roleId"`. A raw read of the same card is then the same columns.
 */
export function memberColumnsSql(columns: Record<string, AnyPgColumn>): SQL {
  return sql.raw(
    Object.entries(columns)
      .map(([key, column]) => {
        const name = `${memberAliases[getTableName(column.table)]}.${column.name}`;
        return column.name === key ? name : `${name} as "${key}"`;
      })
      .join(', '),
  );
}

/** `withMemberPlace` in raw SQL, for the member aliased `u`. */
export const memberPlaceJoins = sql`
  join roles r on ${sameTenant('r.id', 'u.role_id')}
  left join schools s on ${sameTenant('s.id', 'u.school_id')}
  left join departments d on ${sameTenant('d.id', 'u.department_id')}`;
