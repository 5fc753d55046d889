import type { Role } from '@kindling/contract';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { roles } from '../db/schema-reference.ts';

export async function listRoles(db: Executor, tenantId: number): Promise<Role[]> {
  return db
    .select({ id: roles.id, name: roles.name, icon: roles.icon })
    .from(roles)
    .where(eq(roles.tenantId, tenantId))
    .orderBy(asc(roles.id));
}
