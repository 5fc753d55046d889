/**
 * A tenant's reference lists (server/src/reference): roles, and the schools, departments, kinds of
 * support and IP statuses an administrator keeps, each name unique in its tenant whatever its case.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  createdAt,
  tenantColumns,
  tenantId,
  tenantKey,
  tenantReference,
} from './schema-tenants.ts';

export const roles = pgTable(
  'roles',
  {
    tenantId: tenantId(),
    id: smallint('id').notNull(),
    name: text('name').notNull(),
    icon: text('icon').notNull(),
    /** Permissions a member of this role gets when their profile is created. */
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** The columns every list has, after the ones it adds of its own. */
const listColumns = () => ({
  name: text('name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

/** A list of names an administrator keeps, with nothing else to it. */
const nameList = <Name extends string>(name: Name) =>
  pgTable(name, { ...tenantColumns(), ...listColumns() }, (t) => [
    tenantKey(t),
    uniqueIndex(`${name}_name_key`).on(t.tenantId, sql`lower(${t.name})`),
  ]);

export const schools = nameList('schools');
export const supportTypes = nameList('support_types');
export const ipStatuses = nameList('ip_statuses');

export const departments = pgTable(
  'departments',
  { ...tenantColumns(), schoolId: integer('school_id').notNull(), ...listColumns() },
  (t) => [
    tenantKey(t),
    tenantReference(t, t.schoolId, schools),
    uniqueIndex('departments_name_key').on(t.tenantId, t.schoolId, sql`lower(${t.name})`),
  ],
);
