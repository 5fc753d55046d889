import { z } from 'zod';
import { accountMessages } from './accountMessages.ts';
import { passwordField } from './fields.ts';

/**
 * One place a member is signed in (CONTRACT §11). `user_agent` is the browser's own words, cut to
 * `limits.userAgentLength`; the screen makes a device of it.
 */
export const accountSession = z.object({
  id: z.number().int(),
  created_at: z.string(),
  last_seen_at: z.string(),
  user_agent: z.string().nullable(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;

/** The caller's live sessions in its tenant: this one first, then the most recently seen. */
export const sessionsAnswer = z.object({ sessions: z.array(accountSession) });
export type SessionsAnswer = z.infer<typeof sessionsAnswer>;

/**
 * `PUT /auth/password`. `current_password` is required of a member who has a password; a member
 * who signs in only through their institution sets a first one within 5 minutes of signing in
 * (CONTRACT §11) and sends none.
 */
export const passwordChangeBody = z
  .object({
    current_password: z
      .string({ error: accountMessages.currentPassword })
      .max(256, { message: accountMessages.currentIncorrect })
      .optional(),
    new_password: passwordField(),
  })
  .refine((body) => body.current_password !== body.new_password, {
    message: accountMessages.samePassword,
    path: ['new_password'],
  });
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;
