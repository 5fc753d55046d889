/** Business constants and limits of SPEC §9 and CONTRACT §5, shared by server and web. */
export const limits = {
  passwordMinLength: 8,
  confirmationCodeLength: 6,
  nameMinLength: 2,
  ideaTitle: 100,
  ideaIntroduction: 500,
  ideaProblem: 2500,
  ideaOpportunity: 2500,
  linkTitle: 100,
  bio: 1000,
  maxLinks: 3,
  maxPatents: 4,
  limitMessageMs: 5000,
  feedTitleCut: 120,
  pageSize: 10,
  maxPageSize: 100,
  referenceDataRefreshMs: 900_000,
  rememberSessionSeconds: 2_592_000,
  sessionSeconds: 3_600,
  /** A session's `user_agent` is kept to this many characters (issue 20). */
  userAgentLength: 512,
  /** CONTRACT §11: a sign-in this recent stands in for a password the member does not have. */
  reauthenticationSeconds: 300,
  redirectDelayMs: 2000,
  mobileBreakpointPx: 576,
  toastMs: 5000,
  persistTimeoutMs: 5000,
  claimTokenDays: 14,
  resetCodeMinutes: 15,
  bodyBytes: 1024 * 1024,
  photoBytes: 10 * 1024 * 1024,
  searchText: 200,
  quickResults: 5,
  matchLimit: 20,
  matchLimitDefault: 5,
  highlights: 3,
  matchedInterests: 5,
  highlightChars: 200,
  typoMinLetters: 5,
} as const;

/** SPEC §4: an account is active when both status ids are 2. */
export const status = { pending: 1, approved: 2, declined: 3 } as const;
export const FACULTY_ROLE_ID = 2;

export const permissionNames = [
  'create_idea',
  'update_idea',
  'delete_idea',
  'invite_user',
  'admin',
] as const;
export type Permission = (typeof permissionNames)[number];

export const PERSIST_KEY = 'persist:kindling';
