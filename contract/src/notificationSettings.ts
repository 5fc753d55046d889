import { z } from 'zod';
import { mailFrequencies, type NotificationKind, notificationKinds } from './notificationKinds.ts';
import { notificationSettingsMessages as m } from './notificationSettingsMessages.ts';
import { tenantIdParam } from './query.ts';

const frequency = z.enum(mailFrequencies, { error: m.frequencyInvalid });

/** Every kind, each with its frequency: what GET and PUT /notification-settings answer. */
export const notificationSettings = z.object({
  email: z.object(
    Object.fromEntries(notificationKinds.map((kind) => [kind, frequency])) as Record<
      NotificationKind,
      typeof frequency
    >,
  ),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

/**
 * PUT /notification-settings: the kinds to change; kinds left out keep their setting. A kind the
 * contract does not name is refused rather than ignored, so a typo cannot look saved.
 */
export const notificationSettingsBody = z.object(
  {
    email: z.strictObject(
      Object.fromEntries(notificationKinds.map((kind) => [kind, frequency.optional()])) as Record<
        NotificationKind,
        z.ZodOptional<typeof frequency>
      >,
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? `${m.kindUnknown} ${(issue.keys as string[]).join(', ')}`
            : m.emailRequired,
      },
    ),
  },
  { error: m.emailRequired },
);
export type NotificationSettingsInput = z.input<typeof notificationSettingsBody>;

/**
 * POST /unsubscribe's query: the mail's token, and the tenant the app's screen is showing. A mail
 * client's one-click call names no tenant (the signed token does); when one is named it must be the
 * token's.
 */
export const unsubscribeQuery = z.object({
  token: z.string({ error: m.tokenRequired }).min(1, { error: m.tokenRequired }),
  tenant_id: tenantIdParam.optional(),
});

export const unsubscribeAnswer = z.object({
  message: z.string(),
  /** The kinds now off for that member. */
  kinds: z.array(z.enum(notificationKinds)),
});
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswer>;
