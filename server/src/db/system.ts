/**
 * The system handle: the only queries that read across tenants, because they run before a tenant
 * is known (tenant by domain or id, session by cookie). Everything else goes through inTenant().
 * Review every addition to this file with that rule in mind.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from './client.ts';
import { accounts, sessions, tenants, users } from './schema.ts';

export type TenantRow = typeof tenants.$inferSelect;

export async function tenantByDomain(db: Db, domain: string): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.domain, domain.toLowerCase()));
  return row;
}

export async function tenantById(db: Db, id: number): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id));
  return row;
}

/** A live session by the HMAC of its cookie token, with what every request needs of its user. */
export async function liveSessionByTokenHash(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      tenantId: sessions.tenantId,
      userId: sessions.userId,
      remember: sessions.remember,
      issuedAt: sessions.issuedAt,
      expiresAt: sessions.expiresAt,
      subject: accounts.subject,
      permissions: users.permissions,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.tenantId, sessions.tenantId), eq(users.id, sessions.userId)))
    .innerJoin(
      accounts,
      and(eq(accounts.tenantId, sessions.tenantId), eq(accounts.userId, sessions.userId)),
    )
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        eq(users.isDisabled, false),
      ),
    );
  return row;
}
