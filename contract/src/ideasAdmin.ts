import { z } from 'zod';
import { pagination, positiveInt } from './query.ts';

const MAX_ID = 2_147_483_647;

/** An id, or `none` for ideas that have no value there. */
const idOrNone = (name: string) =>
  z.union([z.literal('none'), positiveInt(name)], {
    error: `${name} must be a positive integer or none.`,
  });

/** The console's idea list: newest first, searched by title and filtered. */
export const adminIdeasQuery = pagination.extend({
  q: z
    .string()
    .trim()
    .max(200, { error: 'q must be at most 200 characters.' })
    .optional()
    .describe('Part of the title, in any case'),
  ip_status_id: idOrNone('ip_status_id').optional(),
  school_id: positiveInt('school_id').optional().describe("The principal investigator's school"),
  case_manager_id: idOrNone('case_manager_id').optional(),
});
export type AdminIdeasQuery = z.infer<typeof adminIdeasQuery>;

const person = z.object({ id: z.number().int(), name: z.string() });

export const adminIdea = z.object({
  id: z.number().int(),
  title: z.string(),
  created_at: z.string(),
  principal_investigator: person,
  school_name: z.string().nullable(),
  ip_status_name: z.string().nullable(),
  case_manager: person.nullable(),
  follower_count: z.number().int(),
});
export type AdminIdea = z.infer<typeof adminIdea>;

export const adminIdeasAnswer = z.object({
  ideas: z.array(adminIdea),
  page: z.number().int(),
  total_pages: z.number().int(),
  total_count: z.number().int(),
});
export type AdminIdeasAnswer = z.infer<typeof adminIdeasAnswer>;

export const caseManagerQuery = z.object({
  q: z.string().trim().max(100, { error: 'q must be at most 100 characters.' }).default(''),
});

/** Who may be made a case manager: active staff members and administrators. */
export const caseManagersAnswer = z.object({
  users: z.array(person.extend({ role_name: z.string(), email: z.string() })),
});
export type CaseManagerCandidate = z.infer<typeof caseManagersAnswer>['users'][number];

export const caseManagerMessages = {
  notCandidate: 'Choose an active staff member or administrator as the case manager.',
  isOwner: 'The principal investigator cannot also be the case manager.',
} as const;

export const caseManagerBody = z.object({
  case_manager_id: z
    .number({ error: 'case_manager_id must be a user id or null.' })
    .int({ error: 'case_manager_id must be a user id or null.' })
    .positive({ error: 'case_manager_id must be a user id or null.' })
    .max(MAX_ID, { error: 'case_manager_id must be a user id or null.' })
    .nullable(),
});
export type CaseManagerBody = z.infer<typeof caseManagerBody>;
