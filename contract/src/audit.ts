import { z } from 'zod';
import { filterText, pagination } from './query.ts';

/** A calendar day that exists, in the years a log can hold; anything else is a clear 400. */
const day = (name: string) => {
  const message = `${name} must be a date as YYYY-MM-DD.`;
  return z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string({ error: message })
      .regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message })
      .refine(
        (value) => {
          const date = new Date(`${value}T00:00:00Z`);
          return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
        },
        { message },
      )
      .optional(),
  );
};

const auditFilterShape = {
  action: filterText('action').describe("An action exactly, such as 'member.disable'"),
  actor: filterText('actor').describe(
    "Part of the acting administrator's e-mail; 'system' for entries the system wrote",
  ),
  from: day('from').describe('First day, YYYY-MM-DD (UTC)'),
  to: day('to').describe('Last day, YYYY-MM-DD (UTC)'),
  q: filterText('q').describe('Part of the entry’s sentence, in any case'),
};
const inOrder = (f: { from?: string | undefined; to?: string | undefined }) =>
  !f.from || !f.to || f.from <= f.to;
const outOfOrder = { message: 'from must not be after to.', path: ['to'] };

/** The audit log's filters, as the CSV export takes them. Days are UTC and inclusive. */
export const auditFilters = z.object(auditFilterShape).refine(inOrder, outOfOrder);
export type AuditFilters = z.infer<typeof auditFilters>;

/** The same filters with a page, for the console's list. */
export const auditQuery = pagination.extend(auditFilterShape).refine(inOrder, outOfOrder);
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.number().int(),
  created_at: z.string(),
  actor_id: z.number().int().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.number().int().nullable(),
  summary: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditAnswer = z.object({
  entries: z.array(auditEntry),
  page: z.number().int(),
  total_pages: z.number().int(),
  total_count: z.number().int(),
  /** Every action the tenant's log holds, for the filter's choices. */
  actions: z.array(z.string()),
});
export type AuditAnswer = z.infer<typeof auditAnswer>;

/** The CSV export's columns, in order. */
export const auditCsvColumns = [
  'id',
  'created_at',
  'actor_email',
  'action',
  'target_type',
  'target_id',
  'summary',
] as const;
