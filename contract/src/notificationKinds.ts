/**
 * CONTRACT §9's notification kinds, how each may be mailed and the defaults. Kept apart from the
 * schemas, so the server's writers and a screen that only shows them load no zod.
 */
export const notificationKinds = [
  'comment',
  'interest',
  'interest_update',
  'idea_updated',
  'member_pending',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const mailFrequencies = ['off', 'immediate', 'daily', 'weekly'] as const;
export type MailFrequency = (typeof mailFrequencies)[number];
/** The frequencies a digest gathers. */
export type DigestFrequency = Extract<MailFrequency, 'daily' | 'weekly'>;

/** What a member gets until they choose otherwise (CONTRACT §9). */
export const defaultMailFrequency: Record<NotificationKind, MailFrequency> = {
  comment: 'daily',
  interest: 'immediate',
  interest_update: 'immediate',
  idea_updated: 'weekly',
  member_pending: 'immediate',
};

/** How the settings screen and the digest name each kind. */
export const notificationKindLabels: Record<NotificationKind, string> = {
  comment: 'Comments on ideas you lead, manage or follow',
  interest: 'Expressions of interest in ideas you lead or manage',
  interest_update: 'Answers to your own expressions of interest',
  idea_updated: 'Changes to ideas you follow',
  member_pending: 'Invitation requests to review (administrators)',
};
