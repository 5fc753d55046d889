import type { AuditFilters } from '@kindling/contract';
import { and, asc, count, desc, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { containsPattern } from '../db/like.ts';
import { auditLog } from '../db/schema-records.ts';

const DAY_MS = 86_400_000;
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

function auditFilter(tenantId: number, filter: AuditFilters, extra?: SQL) {
  const actor = filter.actor?.toLowerCase();
  return and(
    eq(auditLog.tenantId, tenantId),
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    actor === 'system'
      ? isNull(auditLog.actorId)
      : actor
        ? sql`lower(${auditLog.actorEmail}) like ${containsPattern(actor)}`
        : undefined,
    filter.from ? gte(auditLog.createdAt, dayStart(filter.from)) : undefined,
    filter.to
      ? lt(auditLog.createdAt, new Date(dayStart(filter.to).getTime() + DAY_MS))
      : undefined,
    filter.q ? sql`lower(${auditLog.summary}) like ${containsPattern(filter.q)}` : undefined,
    extra,
  );
}

const entryColumns = {
  id: auditLog.id,
  created_at: auditLog.createdAt,
  actor_id: auditLog.actorId,
  actor_email: auditLog.actorEmail,
  action: auditLog.action,
  target_type: auditLog.targetType,
  target_id: auditLog.targetId,
  summary: auditLog.summary,
};

/** Entries newest first. Ids only grow, so id order is time order and a stable key for paging. */
export function listEntries(
  db: Executor,
  tenantId: number,
  filter: AuditFilters,
  page: { limit: number; offset: number },
) {
  return db
    .select(entryColumns)
    .from(auditLog)
    .where(auditFilter(tenantId, filter))
    .orderBy(desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** The next entries below `beforeId`, newest first: the export reads the log in such batches. */
export function entriesBefore(
  db: Executor,
  tenantId: number,
  filter: AuditFilters,
  beforeId: number | null,
  limit: number,
) {
  return db
    .select(entryColumns)
    .from(auditLog)
    .where(auditFilter(tenantId, filter, beforeId === null ? undefined : lt(auditLog.id, beforeId)))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

export async function countEntries(db: Executor, tenantId: number, filter: AuditFilters) {
  const [row] = await db.select({ n: count() }).from(auditLog).where(auditFilter(tenantId, filter));
  return row?.n ?? 0;
}

/** The actions the tenant's log holds, read off audit_log_action_idx. */
export async function loggedActions(db: Executor, tenantId: number) {
  const rows = await db
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.tenantId, tenantId))
    .orderBy(asc(auditLog.action));
  return rows.map((row) => row.action);
}
