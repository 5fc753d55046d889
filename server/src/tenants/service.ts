import { permissionNames, status } from '@kindling/contract';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../auth/password.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { accounts } from '../db/schema-auth.ts';
import { users } from '../db/schema-people.ts';
import { ipStatuses, roles, supportTypes } from '../db/schema-reference.ts';
import { tenants } from '../db/schema-tenants.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import { defaultIpStatuses, defaultRoles, defaultSupportTypes } from './defaults.ts';

export class DomainTakenError extends Error {}

export const DOMAIN_PATTERN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export interface NewTenant {
  domain: string;
  name: string;
  branding?: Record<string, unknown>;
  admin: { email: string; password: string; firstName: string; lastName: string };
}

const STAFF_ROLE_ID = 3;

/**
 * Creates a tenant with CONTRACT §1's default roles and lookups and an approved, active
 * administrator, all in one transaction: a failure leaves no half-made tenant behind.
 */
export async function createTenant(
  db: Db,
  input: NewTenant,
): Promise<{ tenantId: number; adminUserId: number }> {
  const domain = input.domain.toLowerCase();
  const passwordHash = await hashPassword(input.admin.password);
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: tenants.id })
        .from(tenants)
        .where(eq(tenants.domain, domain));
      if (taken) throw new DomainTakenError(`The domain ${domain} is already taken.`);
      const [tenant] = await tx
        .insert(tenants)
        .values({ domain, name: input.name, branding: input.branding ?? {} })
        .returning({ id: tenants.id });
      if (!tenant) throw new Error('tenant insert returned nothing');
      const tenantId = tenant.id;
      await bindTenant(tx, tenantId);
      await tx.insert(roles).values(
        defaultRoles.map((role) => ({
          tenantId,
          id: role.id,
          name: role.name,
          icon: role.icon,
          permissions: [...role.permissions],
        })),
      );
      await tx.insert(supportTypes).values(defaultSupportTypes.map((name) => ({ tenantId, name })));
      await tx.insert(ipStatuses).values(defaultIpStatuses.map((name) => ({ tenantId, name })));
      const [admin] = await tx
        .insert(users)
        .values({
          tenantId,
          email: input.admin.email.toLowerCase(),
          firstName: input.admin.firstName,
          lastName: input.admin.lastName,
          roleId: STAFF_ROLE_ID,
          adminStatusId: status.approved,
          userStatusId: status.approved,
          permissions: [...permissionNames],
        })
        .returning({ id: users.id });
      if (!admin) throw new Error('admin insert returned nothing');
      await tx.insert(accounts).values({ tenantId, userId: admin.id, passwordHash });
      return { tenantId, adminUserId: admin.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new DomainTakenError(`The domain ${domain} is already taken.`);
    }
    throw error;
  }
}
