import { z } from 'zod';
import { interestKinds } from './discussionMessages.ts';

const tally = z.object({ month: z.string().describe('YYYY-MM (UTC)'), count: z.number().int() });

/** GET /admin/overview: the console's landing figures. */
export const overviewAnswer = z.object({
  members_by_status: z.object({
    pending: z.number().int(),
    invited: z.number().int(),
    active: z.number().int(),
    declined: z.number().int(),
    disabled: z.number().int(),
  }),
  members_by_role: z.array(
    z.object({ role_id: z.number().int(), role_name: z.string(), count: z.number().int() }),
  ),
  /** The last twelve months, oldest first, the current one last; months with none are 0. */
  ideas_by_month: z.array(tally),
  follows_by_month: z.array(tally),
  /** Interest requests (CONTRACT §9) of every kind and status, zeros included. */
  interest_by_kind: z.array(
    z.object({
      kind: z.enum(interestKinds),
      open: z.number().int(),
      responded: z.number().int(),
      declined: z.number().int(),
      closed: z.number().int(),
    }),
  ),
  /** The median of the times from a request to its first answer; null before any answer. */
  interest_median_first_answer_seconds: z.number().int().nullable(),
});
export type OverviewAnswer = z.infer<typeof overviewAnswer>;
