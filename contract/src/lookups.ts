import { z } from 'zod';

const named = z.object({ id: z.number().int(), name: z.string() });

export const supportAnswer = z.object({ support_or_partnership: z.array(named) });
export const ipStatusAnswer = z.object({ ip_statuses: z.array(named) });
export const schoolsAnswer = z.object({ schools: z.array(named) });
export const departmentsAnswer = z.object({
  departments: z.array(named.extend({ school_id: z.number().int() })),
});
export type Named = z.infer<typeof named>;
export type Department = z.infer<typeof departmentsAnswer>['departments'][number];
