import { z } from 'zod';
import {
  COMMENT_MAX,
  INTEREST_MESSAGE_MAX,
  INTEREST_REASON_MAX,
  interestAnswers,
  interestKinds,
  interestStatuses,
  discussionMessages as m,
} from './discussionMessages.ts';

const noNul = (value: string) => !value.includes('\u0000');

/** Trimmed, 1 to `max` characters, no NUL (the body check refuses one before this runs). */
const requiredText = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong })
    .refine(noNul, { error: required });

/** POST /ideas/{id}/comments and PUT /comments/{id}: plain text, stored and shown as text. */
export const commentBody = z.object({
  body: requiredText(m.commentRequired, COMMENT_MAX, m.commentTooLong),
});
export type CommentInput = z.input<typeof commentBody>;

/** Who wrote a comment, as its card shows them. */
export const commentAuthor = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  profile_image_url: z.string().nullable(),
  role_name: z.string(),
});

export const comment = z.object({
  id: z.number().int(),
  body: z.string(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  author: commentAuthor,
  /** The author alone may edit; the author or an administrator may delete. */
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  /** Hidden by an administrator: its body is empty for everyone but administrators. */
  hidden: z.boolean(),
  can_hide: z.boolean(),
});
export type Comment = z.infer<typeof comment>;

export const commentsPage = z.object({
  comments: z.array(comment),
  page: z.number().int(),
  total_pages: z.number().int(),
  /** Closed by the idea's principal investigator, case manager or an administrator. */
  closed: z.boolean(),
  can_close: z.boolean(),
});
export type CommentsPage = {
  comments: Comment[];
  page: number;
  total_pages: number;
  closed: boolean;
  can_close: boolean;
};

/** PUT /admin/comments/{id}/hidden (administrators). */
export const commentHiddenBody = z.object({
  hidden: z.boolean({ error: 'hidden must be true or false.' }),
});

/** PUT /ideas/{id}/comments/closed (principal investigator, case manager, administrators). */
export const commentsClosedBody = z.object({
  closed: z.boolean({ error: 'closed must be true or false.' }),
});

export const createdId = z.object({ id: z.number().int() });

/** POST /ideas/{id}/interest. */
export const interestBody = z.object({
  kind: z.enum(interestKinds, { error: m.kindRequired }),
  message: requiredText(m.messageRequired, INTEREST_MESSAGE_MAX, m.messageTooLong),
});
export type InterestInput = z.input<typeof interestBody>;

/** PUT /interest/{id}: a reason is required to decline, optional otherwise. */
export const interestAnswerBody = z
  .object({
    status: z.enum(interestAnswers, { error: m.statusInvalid }),
    reason: z
      .string({ error: m.reasonRequired })
      .nullish()
      .transform((value) => (value ?? '').trim())
      .pipe(
        z
          .string()
          .max(INTEREST_REASON_MAX, { error: m.reasonTooLong })
          .refine(noNul, { error: m.reasonRequired }),
      ),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'declined' && value.reason === '') {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: m.reasonRequired });
    }
  });
export type InterestAnswerInput = z.input<typeof interestAnswerBody>;

/** The requester as the principal investigator sees them: enough to answer and to write back. */
export const interestRequester = commentAuthor.extend({
  email: z.string(),
  headline: z.string(),
});

const interestFields = {
  id: z.number().int(),
  kind: z.enum(interestKinds),
  message: z.string(),
  status: z.enum(interestStatuses),
  created_at: z.string(),
  /** When the principal investigator, case manager or an administrator first answered. */
  first_answered_at: z.string().nullable(),
  /** Seconds from the request to its first answer, or to now while none came. */
  waited_seconds: z.number().int(),
  reason: z.string().nullable(),
};

export const ideaInterestRequest = z.object({ ...interestFields, requester: interestRequester });
export type IdeaInterestRequest = z.infer<typeof ideaInterestRequest>;
export const ideaInterestAnswer = z.object({ requests: z.array(ideaInterestRequest) });

export const myInterestRequest = z.object({
  ...interestFields,
  idea: z.object({ id: z.number().int(), title: z.string() }),
});
export type MyInterestRequest = z.infer<typeof myInterestRequest>;
export const myInterestAnswer = z.object({ requests: z.array(myInterestRequest) });

export const interestCreated = z.object({ id: z.number().int(), status: z.literal('open') });
