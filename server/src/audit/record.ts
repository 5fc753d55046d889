import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { users } from '../db/schema-people.ts';
import { auditLog } from '../db/schema-records.ts';

export interface AuditEntry {
  tenantId: number;
  /** The member who acted; null when the system writes the entry itself. */
  actorId: number | null;
  action: string;
  targetType?: string;
  targetId?: number;
  summary: string;
  detail?: Record<string, unknown>;
}

/**
 * Writes one audit entry inside the caller's transaction, so the entry exists exactly when the
 * change it describes does. The actor's e-mail is copied as it is now.
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  const actorEmail =
    entry.actorId === null
      ? null
      : sql`(${tx
          .select({ email: users.email })
          .from(users)
          .where(and(eq(users.tenantId, entry.tenantId), eq(users.id, entry.actorId)))})`;
  await tx.insert(auditLog).values({
    tenantId: entry.tenantId,
    actorId: entry.actorId,
    actorEmail,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    summary: entry.summary,
    detail: entry.detail ?? {},
  });
}
