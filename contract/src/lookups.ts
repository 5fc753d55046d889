import { z } from 'zod';

/**
 * A lookup entry. Lists answer deactivated entries too (unless asked for active ones only), so
 * what ideas and people already name keeps its name; pickers offer only the active ones. The
 * server always sends `is_active`; lists persisted before it existed lack it, meaning active.
 */
const named = z.object({
  id: z.number().int(),
  name: z.string(),
  is_active: z.boolean().optional(),
});

export const supportAnswer = z.object({ support_or_partnership: z.array(named) });
export const ipStatusAnswer = z.object({ ip_statuses: z.array(named) });
export const schoolsAnswer = z.object({ schools: z.array(named) });
export const departmentsAnswer = z.object({
  departments: z.array(named.extend({ school_id: z.number().int() })),
});
export type Named = z.infer<typeof named>;
export type Department = z.infer<typeof departmentsAnswer>['departments'][number];
