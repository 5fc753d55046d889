/**
 * The system handle: the only queries that read across tenants, because they run before a tenant
 * is known (tenant by domain or id, session by cookie, the sign-in wrong-environment check, the
 * tenant of a SAML provider whose address names no tenant).
 * Everything else goes through inTenant(), except the features that serve every tenant by nature
 * and keep their own cross-tenant queries: the outbox (mail/outbox-queue.ts), the upload sweep
 * (storage/abandoned-uploads.ts), the refresh of SAML metadata (sso/metadata-refresh.ts) and the
 * scheduler's read of every tenant's time zone and claims (scheduler/repository.ts). Review every
 * addition to this file with that rule in mind.
 */

import { status } from '@kindling/contract';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SessionContext } from '../session-context.ts';
import { type Db, queryRows } from './client.ts';
import { accounts } from './schema-auth.ts';
import { users } from './schema-people.ts';
import { identityProviders } from './schema-sso.ts';
import { sameTenant, type TenantRow, tenants } from './schema-tenants.ts';
import { accountOfUser } from './user-joins.ts';

export type { TenantRow };

export async function tenantByDomain(db: Db, domain: string): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.domain, domain.toLowerCase()));
  return row;
}

export async function tenantById(db: Db, id: number): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id));
  return row;
}

/**
 * The tenant of an identity provider, by the provider's id alone: a SAML provider's metadata and
 * assertion consumer addresses are its entity id and endpoint, registered at the identity
 * provider, so they name no tenant (CONTRACT §8). Only the tenant is read here; the provider
 * itself is read under that tenant's row security.
 */
export async function tenantOfProvider(db: Db, providerId: number): Promise<TenantRow | undefined> {
  const [row] = await db
    .select({ tenantId: identityProviders.tenantId })
    .from(identityProviders)
    .where(eq(identityProviders.id, providerId));
  return row ? tenantById(db, row.tenantId) : undefined;
}

/** The session read's row: its times come as epoch milliseconds, the same number on both drivers. */
const liveSessionRow = z.strictObject({
  sessionId: z.number(),
  tenantId: z.number(),
  userId: z.number(),
  remember: z.boolean(),
  subject: z.string(),
  permissions: z.array(z.string()),
  mfaSetupRequired: z.boolean(),
  issuedMs: z.number(),
  expiresMs: z.number(),
  lastSeenMs: z.number(),
});

/**
 * A live session by the HMAC of its cookie token, with what every request needs of its user, as
 * long as the user is an active, approved member: a decline, a withdrawn approval or a disable
 * ends every session at once, even one a sign-in in flight created after they were revoked. Raw
 * SQL of one fixed text, so PostgreSQL plans it once per connection (queryRows); it runs on every
 * signed-in request. `lastSeenAt` comes along for the middleware to decide whether to move it: the
 * read stays a read.
 */
export async function liveSessionByTokenHash(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<(SessionContext & { lastSeenAt: Date }) | undefined> {
  const [row] = await queryRows(
    db,
    sql`select s.id as "sessionId", s.tenant_id as "tenantId", s.user_id as "userId",
          s.remember, a.subject, u.permissions,
          -- Asked of administrators only, so other members' calls read nothing more.
          case when 'admin' = any(u.permissions)
            then coalesce((select t.require_mfa_for_admins from tenants t where t.id = s.tenant_id), false)
              and not exists (select 1 from totp_authenticators m
                where ${sameTenant('m.user_id', 's.user_id')} and m.enabled_at is not null)
              and not exists (select 1 from passkeys p
                where ${sameTenant('p.user_id', 's.user_id')})
            else false end as "mfaSetupRequired",
          (extract(epoch from s.issued_at) * 1000)::float8 as "issuedMs",
          (extract(epoch from s.expires_at) * 1000)::float8 as "expiresMs",
          (extract(epoch from s.last_seen_at) * 1000)::float8 as "lastSeenMs"
        from sessions s
        join users u on ${sameTenant('u.id', 's.user_id')}
        join accounts a on ${sameTenant('a.user_id', 's.user_id')}
        where s.token_hash = ${tokenHash} and s.revoked_at is null
          and s.expires_at > ${now.toISOString()}::timestamptz and not u.is_disabled
          and u.admin_status_id = ${status.approved} and u.user_status_id = ${status.approved}`,
    liveSessionRow,
  );
  if (!row) return undefined;
  const { issuedMs, expiresMs, lastSeenMs, ...session } = row;
  return {
    ...session,
    issuedAt: new Date(issuedMs),
    expiresAt: new Date(expiresMs),
    lastSeenAt: new Date(lastSeenMs),
  };
}

/**
 * The account with this e-mail in another tenant whose password was set last, so sign-in can tell
 * a member they are at the wrong portal (CONTRACT §3) without revealing anything unless the
 * password matches. One at most: sign-in checks one hash whatever the e-mail, so its answer takes
 * the same time whether or not the e-mail has accounts elsewhere.
 */
export async function accountElsewhere(db: Db, email: string, exceptTenantId: number) {
  const [row] = await db
    .select({ tenantId: users.tenantId, passwordHash: accounts.passwordHash })
    .from(users)
    .innerJoin(accounts, accountOfUser)
    .where(
      and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.tenantId, exceptTenantId)),
    )
    .orderBy(desc(accounts.passwordChangedAt))
    .limit(1);
  return row;
}

/**
 * Fresh planner statistics after a bulk write (a CSV import), sooner than the embedded database's
 * maintenance pass (db/table-maintenance.ts) would take them: the plans of foreign-key checks are
 * cached, and one made while `users` was small keeps scanning the whole table for every claim
 * token, which makes a 50,000-person import quadratic. The members' profiles add their search
 * postings and lexemes, which experts and similar ideas plan by (decision 0055).
 */
export async function analyzeAfterBulkWrite(db: Db): Promise<void> {
  await db.execute(sql`analyze users, user_tokens, outbox, search_postings, search_lexemes`);
}
