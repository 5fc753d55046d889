import { type AuditFilters, auditCsvColumns } from '@kindling/contract';
import type { Deps } from '../context.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { notFound } from '../http/errors.ts';
import { csvRow } from './csv.ts';
import { countEntries, entriesBefore, listEntries, loggedActions } from './repository.ts';

/** How many entries the export reads per transaction: enough to be quick, small to hold. */
const EXPORT_BATCH = 1000;

type Row = Awaited<ReturnType<typeof listEntries>>[number];
const present = (row: Row) => ({ ...row, created_at: row.created_at.toISOString() });

export function auditPage(
  deps: Deps,
  tenantId: number,
  query: AuditFilters & { page: number; page_size: number },
) {
  return inTenant(deps.database.db, tenantId, async (tx) => {
    const total = await countEntries(tx, tenantId, query);
    const totalPages = Math.ceil(total / query.page_size);
    if (query.page > 1 && query.page > totalPages) throw notFound('No entries on this page.');
    const rows = await listEntries(tx, tenantId, query, {
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    });
    return {
      entries: rows.map(present),
      page: query.page,
      total_pages: totalPages,
      total_count: total,
      actions: await loggedActions(tx, tenantId),
    };
  });
}

/**
 * The filtered log as CSV, newest first, produced as the client reads it: each pull reads the
 * next batch below the last id sent, in a short transaction of its own, so neither the whole log
 * nor a long-lived transaction is ever held. Entries written during the export are not included.
 */
export function auditCsv(
  deps: Deps,
  tenantId: number,
  filter: AuditFilters,
): ReadableStream<string> {
  let lastId: number | null = null;
  let headerSent = false;
  return new ReadableStream<string>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(csvRow(auditCsvColumns));
          return;
        }
        const rows = await inTenant(deps.database.db, tenantId, (tx) =>
          entriesBefore(tx, tenantId, filter, lastId, EXPORT_BATCH),
        );
        if (rows.length === 0) {
          controller.close();
          return;
        }
        lastId = rows[rows.length - 1]?.id ?? null;
        const entries = rows.map(present);
        controller.enqueue(
          entries.map((entry) => csvRow(auditCsvColumns.map((column) => entry[column]))).join(''),
        );
        if (rows.length < EXPORT_BATCH) controller.close();
      },
    },
    { highWaterMark: 1 },
  );
}
