/**
 * CONTRACT §9's messages of the mail settings and the unsubscribe link. Kept apart from the
 * schemas, so a screen that only shows them loads no zod.
 */
export const notificationSettingsMessages = {
  emailRequired: 'email must be an object naming kinds of notification and their frequencies.',
  kindUnknown: 'No such kind of notification:',
  frequencyInvalid: "Choose 'off', 'immediate', 'daily' or 'weekly'.",
  tokenRequired: 'The unsubscribe link has no token.',
  tokenInvalid:
    'This unsubscribe link is not valid. Change your mail in your notification settings instead.',
  tokenOtherTenant:
    'This unsubscribe link belongs to another portal. Open it from the mail as it was sent.',
  unsubscribed: 'You will no longer get these e-mails.',
} as const;
