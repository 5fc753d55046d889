import { z } from '@hono/zod-openapi';
import { importAnswer, importLimits, importPreviewAnswer, importQuery } from '@kindling/contract';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { route } from '../http/access.ts';
import { badRequest } from '../http/errors.ts';
import { errors, json, router } from '../http/openapi.ts';
import { sessionOf } from '../http/session.ts';
import { sessionTenant } from '../http/tenant-context.ts';
import { previewImport, runImport } from './service.ts';
import { templateCsv } from './template.ts';

const tag = 'Bulk onboarding' as const;
const csvBody = {
  body: {
    content: { 'text/csv': { schema: z.string() } },
    required: true,
    description: `A CSV file of at most ${importLimits.bytes / 1024 / 1024} MiB and ${importLimits.rows} rows; see the template for its columns`,
  },
};
const guarded = { 400: errors[400], 401: errors[401], 403: errors[403] };
const csvTypes = ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel'];

/** The upload, streamed: never read whole into memory here (csv.ts parses it as it arrives). */
function csvStream(c: Context<AppEnv>): ReadableStream<Uint8Array> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!csvTypes.includes(type)) throw badRequest('Send the file as text/csv.');
  const body = c.req.raw.body;
  if (!body) throw badRequest('The file is empty: it needs a header row and a row per person.');
  return body;
}

export function importRoutes(deps: Deps) {
  const app = router();
  return app
    .openapi(
      route({
        access: 'admin',
        method: 'get',
        path: '/admin/imports/template.csv',
        operationId: 'downloadImportTemplate',
        tag,
        summary: 'The CSV template: the header row and two example people',
        responses: {
          200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } },
          401: errors[401],
          403: errors[403],
        },
      }),
      (c) =>
        c.body(templateCsv(), 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="people-template.csv"',
        }),
    )
    .openapi(
      route({
        access: 'admin',
        method: 'post',
        path: '/admin/imports/preview',
        operationId: 'previewImport',
        tag,
        summary: 'What importing the file would do: counts, the rows with errors, the first rows',
        request: csvBody,
        responses: { 200: json(importPreviewAnswer), ...guarded },
      }),
      async (c) => c.json(await previewImport(deps, sessionOf(c).tenantId, csvStream(c)), 200),
    )
    .openapi(
      route({
        access: 'admin',
        method: 'post',
        path: '/admin/imports',
        bodyBytes: importLimits.bytes,
        operationId: 'runImport',
        tag,
        summary:
          'Creates the people of the file and updates those matched by e-mail; mail=true mails new people their claim links',
        request: {
          ...csvBody,
          query: importQuery,
        },
        responses: { 200: json(importAnswer), ...guarded },
      }),
      async (c) => {
        const session = sessionOf(c);
        const tenant = await sessionTenant(deps, session.tenantId);
        const { mail, file_name } = c.req.valid('query');
        const result = await runImport(deps, tenant, session, csvStream(c), {
          mail: mail === true,
          fileName: file_name,
        });
        return c.json(result, 200);
      },
    );
}
