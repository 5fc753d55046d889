/**
 * The system handle: the only queries that read across tenants, because they run before a tenant
 * is known (tenant by domain or id, session by cookie, the sign-in wrong-environment check) or serve
 * every tenant (the outbox worker). Everything else goes through inTenant(). Review every addition
 * to this file with that rule in mind.
 */

import { status } from '@kindling/contract';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { SessionContext } from '../session-context.ts';
import { type Db, queryRows } from './client.ts';
import { accounts, outbox, type TenantRow, tenants, users } from './schema.ts';

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
 * A live session by the HMAC of its cookie token, with what every request needs of its user, as
 * long as the user is an active, approved member: a decline, a withdrawn approval or a disable
 * ends every session at once, even one a sign-in in flight created after they were revoked. Raw
 * SQL of one fixed text, so PostgreSQL plans it once per connection (queryRows); it runs on every
 * signed-in request.
 */
export async function liveSessionByTokenHash(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<SessionContext | undefined> {
  const [row] = await queryRows<Omit<SessionContext, 'issuedAt' | 'expiresAt'> & Times>(
    db,
    sql`select s.id as "sessionId", s.tenant_id as "tenantId", s.user_id as "userId",
          s.remember, a.subject, u.permissions,
          (extract(epoch from s.issued_at) * 1000)::float8 as "issuedMs",
          (extract(epoch from s.expires_at) * 1000)::float8 as "expiresMs"
        from sessions s
        join users u on u.tenant_id = s.tenant_id and u.id = s.user_id
        join accounts a on a.tenant_id = s.tenant_id and a.user_id = s.user_id
        where s.token_hash = ${tokenHash} and s.revoked_at is null
          and s.expires_at > ${now.toISOString()}::timestamptz and not u.is_disabled
          and u.admin_status_id = ${status.approved} and u.user_status_id = ${status.approved}`,
  );
  if (!row) return undefined;
  const { issuedMs, expiresMs, ...session } = row;
  return { ...session, issuedAt: new Date(issuedMs), expiresAt: new Date(expiresMs) };
}

interface Times {
  issuedMs: number;
  expiresMs: number;
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
    .innerJoin(accounts, and(eq(accounts.tenantId, users.tenantId), eq(accounts.userId, users.id)))
    .where(
      and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.tenantId, exceptTenantId)),
    )
    .orderBy(desc(accounts.passwordChangedAt))
    .limit(1);
  return row;
}

export type OutboxRow = {
  tenant_id: number;
  id: number;
  message_id: string;
  from_address: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
};

/** Claims due mails of every tenant for `leaseMs`; SKIP LOCKED keeps concurrent workers apart. */
export function claimDueMails(db: Db, batch: number, leaseMs: number): Promise<OutboxRow[]> {
  return queryRows<OutboxRow>(
    db,
    sql`update outbox set attempts = attempts + 1,
          next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
        where (tenant_id, id) in (
          select tenant_id, id from outbox
          where status = 'pending' and next_attempt_at <= now()
          order by next_attempt_at limit ${batch}
          for update skip locked)
        returning tenant_id, id, message_id, from_address, to_address, subject, text_body,
          html_body, attempts`,
  );
}

const outboxRow = (row: OutboxRow) =>
  and(eq(outbox.tenantId, row.tenant_id), eq(outbox.id, row.id));

export async function markMailSent(db: Db, row: OutboxRow): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(outboxRow(row));
}

export async function rescheduleMail(db: Db, row: OutboxRow, delayMs: number, error: string) {
  await db
    .update(outbox)
    .set({
      nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      lastError: error.slice(0, 500),
    })
    .where(outboxRow(row));
}

/** The newest mails of every tenant, for /dev/mail on a developer's own machine only. */
export function recentMails(db: Db, limit: number) {
  return db
    .select({
      id: outbox.id,
      tenantId: outbox.tenantId,
      messageId: outbox.messageId,
      from: outbox.fromAddress,
      to: outbox.toAddress,
      subject: outbox.subject,
      text: outbox.textBody,
      html: outbox.htmlBody,
      status: outbox.status,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .orderBy(sql`${outbox.createdAt} desc, ${outbox.id} desc`)
    .limit(limit);
}

/**
 * Fresh planner statistics after a bulk write (a CSV import). PGlite runs no autovacuum, and the
 * plans of foreign-key checks are cached: one made while `users` was small keeps scanning the whole
 * table for every claim token, which makes a 50,000-person import quadratic. Reads no rows itself.
 */
export async function analyzeAfterBulkWrite(db: Db): Promise<void> {
  await db.execute(sql`analyze users, user_tokens, outbox`);
}

/**
 * Forgets, across every tenant, uploads older than `before` that no profile shows as its photo and
 * no portal as its logo: files chosen and never saved (a closed tab, a failed save) whose owner
 * never saved again, which the save-time clean-up (storage/uploads.ts) would never reach. SKIP
 * LOCKED leaves alone an upload a save is naming right now (uploadIssued locks it), and keeps two
 * processes' sweeps apart. Answers the storage keys, for removal once this has committed.
 */
export async function takeAbandonedUploads(db: Db, before: Date, limit: number): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`delete from uploads u
        where (u.tenant_id, u.id) in (
          select a.tenant_id, a.id from uploads a
          where a.created_at < ${before.toISOString()}::timestamptz
            and not exists (select 1 from users p
              where p.tenant_id = a.tenant_id and p.profile_image_url = a.url)
            and not exists (select 1 from tenants t
              where t.id = a.tenant_id and t.branding ->> 'logo' = a.url)
          order by a.created_at limit ${limit}
          for update of a skip locked)
        returning u.key`,
  );
  return rows.map((row) => row.key);
}
