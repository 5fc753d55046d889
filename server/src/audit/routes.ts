import { z } from '@hono/zod-openapi';
import { auditAnswer, auditFilters, auditQuery } from '@kindling/contract';
import type { Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { errors, json, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import { auditCsv, auditPage } from './service.ts';

const guarded = { 401: errors[401], 403: errors[403] };

/** The audit log for administrators: a filtered page, and the same filters as a CSV download. */
export function auditRoutes(deps: Deps) {
  return router()
    .openapi(
      route({
        access: 'admin',
        method: 'get',
        path: '/admin/audit',
        operationId: 'listAuditEntries',
        tag: 'Administration',
        summary: 'Audit entries newest first, filtered by action, actor, days and text',
        request: { query: auditQuery },
        responses: { 200: json(auditAnswer), 400: errors[400], 404: errors[404], ...guarded },
      }),
      async (c) => c.json(await auditPage(deps, sessionOf(c).tenantId, c.req.valid('query')), 200),
    )
    .openapi(
      route({
        access: 'admin',
        method: 'get',
        path: '/admin/audit.csv',
        operationId: 'downloadAuditLog',
        tag: 'Administration',
        summary: 'The filtered audit log as CSV, streamed newest first',
        request: { query: auditFilters },
        responses: {
          200: {
            description: 'CSV with a header row',
            content: { 'text/csv': { schema: z.string() } },
          },
          400: errors[400],
          ...guarded,
        },
      }),
      (c) => {
        const stream = auditCsv(deps, sessionOf(c).tenantId, c.req.valid('query'));
        const day = new Date().toISOString().slice(0, 10);
        return c.body(stream.pipeThrough(new TextEncoderStream()), 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="audit-log-${day}.csv"`,
        });
      },
    );
}
