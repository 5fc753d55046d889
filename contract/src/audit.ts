import { z } from 'zod';
import { pagination } from './query.ts';

const day = (name: string) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${name} must be a date as YYYY-MM-DD.` })
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
        message: `${name} must be a date as YYYY-MM-DD.`,
      })
      .optional(),
  );

const text = (name: string) =>
  z
    .string()
    .trim()
    .max(100, { message: `${name} must be at most 100 characters.` })
    .optional();

const auditFilterShape = {
  action: text('action').describe("An action exactly, such as 'member.disable'"),
  actor: text('actor').describe(
    "Part of the acting administrator's e-mail; 'system' for entries the system wrote",
  ),
  from: day('from').describe('First day, YYYY-MM-DD (UTC)'),
  to: day('to').describe('Last day, YYYY-MM-DD (UTC)'),
  q: text('q').describe('Part of the entry’s sentence, in any case'),
};
const inOrder = (f: { from?: string | undefined; to?: string | undefined }) =>
  !f.from || !f.to || f.from <= f.to;
const outOfOrder = { message: 'from must not be after to.', path: ['to'] };

/** The audit log's filters, as the CSV export takes them. Days are UTC and inclusive. */
export const auditFilters = z.object(auditFilterShape).refine(inOrder, outOfOrder);
export type AuditFilters = z.infer<typeof auditFilters>;

/** The same filters with a page, for the console's list. */
export const auditQuery = pagination.extend(auditFilterShape).refine(inOrder, outOfOrder);

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
