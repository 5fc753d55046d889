/**
 * The tenants, and the columns and keys every tenant-owned table is built from. Every such table has
 * `tenant_id`, a primary key led by it, composite foreign keys and indexes that lead with it, so it
 * can be distributed by tenant unchanged; row-level security (see security.ts) is applied to every
 * table with a `tenant_id`. The tables of each feature are in the schema-*.ts beside this file.
 */
import { and, type Column, eq, type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** A moment with its time zone, as every timestamp here is. */
export const at = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => at('created_at').notNull().defaultNow();
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The tenant column of every tenant-owned table, and the identity column: one definition each. */
export const tenantId = () =>
  integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
export const id = () => integer('id').generatedAlwaysAsIdentity();

/** The first columns of a table whose rows are numbered within their tenant. */
export const tenantColumns = () => ({ tenantId: tenantId(), id: id() });

type TenantRowColumns = { tenantId: AnyPgColumn; id: AnyPgColumn };

/** The primary key `(tenant_id, id)` of a table made with `tenantColumns`. */
export const tenantKey = (t: TenantRowColumns) => primaryKey({ columns: [t.tenantId, t.id] });

/** `(tenant_id, column)` pointing at another tenant table's key: never into another tenant. */
export const tenantReference = (
  t: { tenantId: AnyPgColumn },
  column: AnyPgColumn,
  target: TenantRowColumns,
) => foreignKey({ columns: [t.tenantId, column], foreignColumns: [target.tenantId, target.id] });

/** A column of a raw statement, named through its table's alias: `u.role_id`. */
type AliasedColumn = `${string}.${string}`;

/**
 * The condition that follows a `tenantReference`: `key` (the referenced row's key) equals
 * `reference` within one tenant, `x.tenant_id = y.tenant_id and x.key = y.reference`. It takes two
 * drizzle columns of tenant tables (for the query builder) or two aliased column names (for raw
 * `sql` templates), and writes exactly the text a hand-written join would, so a statement's
 * prepared name and plan stay what they were.
 */
export function sameTenant(key: Column, reference: Column): SQL;
export function sameTenant(key: AliasedColumn, reference: AliasedColumn): SQL;
export function sameTenant(key: Column | AliasedColumn, reference: Column | AliasedColumn): SQL {
  if (typeof key === 'string' && typeof reference === 'string') {
    const tenantOf = (column: AliasedColumn) => `${column.slice(0, column.indexOf('.'))}.tenant_id`;
    return sql.raw(`${tenantOf(key)} = ${tenantOf(reference)} and ${key} = ${reference}`);
  }
  const tenantOf = (column: Column | AliasedColumn) => {
    const tenant = (column as Column & { table: { tenantId?: Column } }).table.tenantId;
    if (!tenant) throw new Error(`${(column as Column).name} is not a tenant table's column`);
    return tenant;
  };
  return and(eq(tenantOf(key), tenantOf(reference)), eq(key as Column, reference as Column)) as SQL;
}

export const tenants = pgTable('tenants', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  domain: text('domain').notNull().unique(),
  name: text('name').notNull(),
  /** Overrides of the default branding; answers merge them over the defaults. */
  branding: jsonb('branding').notNull().default({}),
  /** The tenant's own terms; null means the default terms. */
  terms: jsonb('terms'),
  /** IANA name; the scheduler's tenant-local periods (digests at 08:00) are reckoned in it. */
  timeZone: text('time_zone').notNull().default('UTC'),
  /** CONTRACT §11: administrators must have a second factor before they can do anything else. */
  requireMfaForAdmins: boolean('require_mfa_for_admins').notNull().default(false),
  createdAt: createdAt(),
});

/**
 * A row kept per tenant by triggers (a count the feed or the directory reads instead of counting):
 * keyed by the tenant alone.
 */
export const perTenant = () =>
  integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** A tenant as stored: its domain, name and branding overrides. */
export type TenantRow = typeof tenants.$inferSelect;
