import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { tenants } from '../db/schema-tenants.ts';

/** The tenant's row, locked until the transaction ends, so two saves cannot interleave. */
export async function lockTenant(db: Executor, tenantId: number) {
  const [row] = await db
    .select({ name: tenants.name, branding: tenants.branding, terms: tenants.terms })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .for('update');
  if (!row) throw new Error(`tenant ${tenantId} is gone`);
  return row;
}

export async function readTenant(db: Executor, tenantId: number) {
  const [row] = await db
    .select({ name: tenants.name, branding: tenants.branding, terms: tenants.terms })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  if (!row) throw new Error(`tenant ${tenantId} is gone`);
  return row;
}

export async function writeBranding(db: Executor, tenantId: number, overrides: object) {
  await db.update(tenants).set({ branding: overrides }).where(eq(tenants.id, tenantId));
}

export async function writeTerms(db: Executor, tenantId: number, terms: object | null) {
  await db.update(tenants).set({ terms }).where(eq(tenants.id, tenantId));
}
