/**
 * CONTRACT §9's messages for comments and interest requests, verbatim where it gives them, and the
 * kinds and statuses with their labels. Kept apart from the schemas, so a screen that only shows
 * them loads no zod.
 */
export const COMMENT_MAX = 2000;
export const INTEREST_MESSAGE_MAX = 2000;
export const INTEREST_REASON_MAX = 2000;

export const interestKinds = [
  'licensing',
  'sponsored_research',
  'collaboration',
  'investment',
  'mentorship',
  'other',
] as const;
export type InterestKind = (typeof interestKinds)[number];

export const interestKindLabels: Record<InterestKind, string> = {
  licensing: 'Licensing',
  sponsored_research: 'Sponsored research',
  collaboration: 'Collaboration',
  investment: 'Investment',
  mentorship: 'Mentorship',
  other: 'Other',
};

export const interestStatuses = ['open', 'responded', 'declined', 'closed'] as const;
export type InterestStatus = (typeof interestStatuses)[number];
/** What the principal investigator, case manager or an administrator may set. */
export const interestAnswers = ['responded', 'declined', 'closed'] as const;
export type InterestAnswer = (typeof interestAnswers)[number];

export const interestStatusLabels: Record<InterestStatus, string> = {
  open: 'Open',
  responded: 'Responded',
  declined: 'Declined',
  closed: 'Closed',
};

export const discussionMessages = {
  commentRequired: 'Please enter a comment.',
  commentTooLong: `Comment must be at most ${COMMENT_MAX} characters.`,
  commentNotFound: 'The comment might have been deleted or never created.',
  commentNotYours: 'Only its author can edit a comment.',
  commentDeleteNotAllowed: 'Only its author or an administrator can delete a comment.',
  commentHidden: 'This comment was hidden by an administrator.',
  commentsClosed: 'Comments are closed on this idea.',
  closeNotAllowed:
    "Only the idea's principal investigator, its case manager or an administrator can close its comments.",
  kindRequired: 'Please choose what kind of interest this is.',
  messageRequired: 'Please enter a message.',
  messageTooLong: `Message must be at most ${INTEREST_MESSAGE_MAX} characters.`,
  ownIdea: 'You cannot express interest in your own idea.',
  alreadyOpen: 'You already have an open request on this idea.',
  requestNotFound: 'The interest request might have been deleted or never created.',
  requestsNotYours:
    "Only the idea's principal investigator, its case manager or an administrator can see its interest requests.",
  answerNotAllowed:
    "Only the idea's principal investigator, its case manager or an administrator can answer an interest request.",
  statusInvalid: 'Please choose responded, declined or closed.',
  reasonRequired: 'Please give a reason for declining.',
  reasonTooLong: `Reason must be at most ${INTEREST_REASON_MAX} characters.`,
  requestFinished: 'This request is already declined or closed.',
  commentsTooFast: 'You are commenting too quickly. Please try again in a few minutes.',
  requestsTooFast: 'You have sent many interest requests. Please try again in an hour.',
  disclosure:
    'Every member sees comments, industry partners included. A comment may count as a public disclosure before a patent is filed: do not describe unpublished inventions here.',
} as const;
