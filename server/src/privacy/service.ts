import { type DataExport, privacyMessages } from '@kindling/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../audit/record.ts';
import { reauthenticate } from '../auth/reauthentication.ts';
import type { Deps, SessionContext } from '../context.ts';
import { queryRows, type Tx } from '../db/client.ts';
import { idRow } from '../db/rows.ts';
import type { TenantRow } from '../db/system.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { conflict, notFound } from '../http/errors.ts';
import { MEMBER_NOT_FOUND } from '../members/service.ts';
import type { Actor } from '../session-context.ts';
import { removeFiles } from '../storage/uploads.ts';
import { inventory } from './inventory.ts';
import type { Subject } from './rows.ts';

/**
 * `GET /me/export` (CONTRACT §11): every table of the inventory that holds the member's rows and
 * says how to export them, read in one transaction so the document is one moment's picture.
 */
export function exportData(
  deps: Deps,
  session: SessionContext,
  tenant: Pick<TenantRow, 'id' | 'domain' | 'name'>,
): Promise<DataExport> {
  const owner = { tenantId: session.tenantId, userId: session.userId };
  return inTenant(deps.database.db, session.tenantId, async (tx) => {
    const document: Record<string, unknown> = {
      exported_at: deps.now().toISOString(),
      tenant: { id: tenant.id, domain: tenant.domain, name: tenant.name },
    };
    for (const entry of inventory) {
      if (entry.holds !== 'member' || !entry.export) continue;
      const rows = await entry.export.read(tx, owner);
      document[entry.export.key] = entry.export.one ? (rows[0] ?? null) : rows;
    }
    return document as DataExport;
  });
}

/**
 * The tenant's active administrators, locked in id order. Every erasure takes these locks first, so
 * two erasures of the last two administrators queue: the second finds the first erased (PostgreSQL
 * re-reads a locked row that changed and drops it when it no longer matches) and is refused.
 */
async function lockAdministrators(tx: Tx, tenantId: number): Promise<number[]> {
  const rows = await queryRows(
    tx,
    sql`select id from users
        where tenant_id = ${tenantId} and 'admin' = any(permissions) and erased_at is null
          and member_is_active(admin_status_id, user_status_id, is_disabled)
        order by id for update`,
    idRow,
  );
  return rows.map((row) => row.id);
}

/** The member to erase, locked, as they are now; undefined when absent or already erased. */
async function lockSubject(tx: Tx, tenantId: number, userId: number): Promise<Subject | undefined> {
  const [row] = await queryRows(
    tx,
    sql`select email, first_name || ' ' || last_name as name,
               tsvector_to_array(search_doc) as lexemes
        from users where tenant_id = ${tenantId} and id = ${userId} and erased_at is null
        for update`,
    z.strictObject({ email: z.string(), name: z.string(), lexemes: z.array(z.string()) }),
  );
  return row && { tenantId, userId, email: row.email, name: row.name, lexemes: row.lexemes };
}

/**
 * Erases a member: every table of the inventory in its order, with the erasure's own audit entry,
 * in one transaction; their photos' files go once it has committed (a failure there leaves a file
 * nothing points at, which the hourly sweep does not know of, so it is logged).
 */
async function erase(
  deps: Deps,
  tenantId: number,
  userId: number,
  audit: { actorId: number; action: string; summary: string },
): Promise<void> {
  const keys = await inTenant(deps.database.db, tenantId, async (tx) => {
    const administrators = await lockAdministrators(tx, tenantId);
    const who = await lockSubject(tx, tenantId, userId);
    if (!who) throw notFound(MEMBER_NOT_FOUND);
    if (administrators.length === 1 && administrators[0] === userId) {
      throw conflict(privacyMessages.lastAdministrator);
    }
    // Written first, so the erasure's own step pseudonymises its actor like every other entry.
    await recordAudit(tx, { tenantId, ...audit, targetType: 'user', targetId: userId });
    const now = deps.now();
    const files: string[] = [];
    for (const entry of inventory) {
      if (entry.holds === 'member') files.push(...((await entry.erase(tx, who, now)) ?? []));
    }
    return files;
  });
  await removeFiles(deps, keys);
}

/** `DELETE /me`: the member proves it is them (auth/reauthentication.ts), then is erased. */
export async function eraseSelf(
  deps: Deps,
  session: SessionContext,
  password: string | undefined,
): Promise<void> {
  await reauthenticate(deps, session, password, {
    field: 'password',
    missing: privacyMessages.password,
    incorrect: privacyMessages.passwordIncorrect,
    signInAgain: privacyMessages.reauthenticate,
  });
  await erase(deps, session.tenantId, session.userId, {
    actorId: session.userId,
    action: 'account.erase',
    summary: 'Erased their own account',
  });
}

/** `DELETE /admin/users/{id}`: an administrator erases another member; their own is DELETE /me. */
export async function eraseMember(deps: Deps, actor: Actor, userId: number): Promise<void> {
  if (userId === actor.userId) throw conflict(privacyMessages.ownAccount);
  await erase(deps, actor.tenantId, userId, {
    actorId: actor.userId,
    action: 'member.erase',
    summary: `Erased member ${userId}`,
  });
}
