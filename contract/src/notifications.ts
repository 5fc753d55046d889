import { z } from 'zod';
import { notificationKinds } from './notificationKinds.ts';
import { pagination } from './query.ts';

/** The most notifications one POST /notifications/read names; a page holds at most 100. */
export const MARK_READ_MAX = 100;

export const notificationMessages = {
  markReadWhich: 'Please name the notifications to mark read, or all of them.',
  idsInvalid: `ids must be 1 to ${MARK_READ_MAX} notification ids.`,
  pageNotFound: 'No notifications on this page.',
} as const;

/** GET /notifications: pages of 10 by default, newest first; `unread=true` for the unread alone. */
export const notificationsQuery = pagination.extend({
  unread: z
    .enum(['true', 'false'], { error: 'unread must be true or false.' })
    .default('false')
    .transform((value) => value === 'true'),
});
export type NotificationsQuery = z.input<typeof notificationsQuery>;

/** Who did it, or null for what the system did or a member since removed. */
export const notificationActor = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});

export const notification = z.object({
  id: z.number().int(),
  kind: z.enum(notificationKinds),
  created_at: z.string(),
  read_at: z.string().nullable(),
  /** One sentence naming who did what, fixed when it happened. */
  text: z.string(),
  /** The app's path to what it is about, e.g. `/ideas/12#comments`. */
  link: z.string(),
  actor: notificationActor.nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationsPage = z.object({
  notifications: z.array(notification),
  /** The caller's unread notifications, whatever the page and filter. */
  unread_count: z.number().int(),
  page: z.number().int(),
  total_pages: z.number().int(),
});
export type NotificationsPage = z.infer<typeof notificationsPage>;

const notificationId = z
  .number({ error: notificationMessages.idsInvalid })
  .int({ error: notificationMessages.idsInvalid })
  .min(1, { error: notificationMessages.idsInvalid })
  .max(2_147_483_647, { error: notificationMessages.idsInvalid });

/**
 * POST /notifications/read: `{ids}` or `{all: true}`, one of them. Ids that are not the caller's
 * own notifications are ignored, as are ones already read: the call says nothing of others'.
 */
export const markReadBody = z
  .object({
    ids: z
      .array(notificationId, { error: notificationMessages.idsInvalid })
      .min(1, { error: notificationMessages.idsInvalid })
      .max(MARK_READ_MAX, { error: notificationMessages.idsInvalid })
      .optional(),
    all: z.literal(true, { error: notificationMessages.markReadWhich }).optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.ids === undefined) === (value.all === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['ids'], message: notificationMessages.markReadWhich });
    }
  });
export type MarkReadInput = z.input<typeof markReadBody>;

export const unreadCount = z.object({ unread_count: z.number().int() });
