import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { roles } from '../db/schema-reference.ts';
import { type IdentityProviderRow, identityProviders } from '../db/schema-sso.ts';

type ProviderValues = Omit<IdentityProviderRow, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>;

export function listProviders(db: Executor, tenantId: number) {
  return db
    .select()
    .from(identityProviders)
    .where(eq(identityProviders.tenantId, tenantId))
    .orderBy(asc(identityProviders.name), asc(identityProviders.id));
}

export async function findProvider(db: Executor, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(identityProviders)
    .where(and(eq(identityProviders.tenantId, tenantId), eq(identityProviders.id, id)));
  return row;
}

/** The provider under a row lock, so two administrators' changes apply one after the other. */
export async function lockProvider(db: Executor, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(identityProviders)
    .where(and(eq(identityProviders.tenantId, tenantId), eq(identityProviders.id, id)))
    .for('update');
  return row;
}

export async function insertProvider(db: Executor, tenantId: number, values: ProviderValues) {
  const [row] = await db
    .insert(identityProviders)
    .values({ tenantId, ...values })
    .returning({ id: identityProviders.id });
  if (!row) throw new Error('provider insert returned nothing');
  return row.id;
}

export async function updateProvider(
  db: Executor,
  tenantId: number,
  id: number,
  values: Partial<ProviderValues>,
  now: Date,
) {
  await db
    .update(identityProviders)
    .set({ ...values, updatedAt: now })
    .where(and(eq(identityProviders.tenantId, tenantId), eq(identityProviders.id, id)));
}

export async function deleteProvider(db: Executor, tenantId: number, id: number) {
  const rows = await db
    .delete(identityProviders)
    .where(and(eq(identityProviders.tenantId, tenantId), eq(identityProviders.id, id)))
    .returning({ id: identityProviders.id });
  return rows.length === 1;
}

export async function roleExists(db: Executor, tenantId: number, roleId: number) {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, roleId)));
  return row !== undefined;
}

/** The enabled providers of the tenant, for the sign-in screen. */
export function enabledProviders(db: Executor, tenantId: number) {
  return db
    .select({
      id: identityProviders.id,
      name: identityProviders.name,
      protocol: identityProviders.protocol,
      emailDomains: identityProviders.emailDomains,
    })
    .from(identityProviders)
    .where(and(eq(identityProviders.tenantId, tenantId), sql`${identityProviders.enabled}`))
    .orderBy(asc(identityProviders.name), asc(identityProviders.id));
}
