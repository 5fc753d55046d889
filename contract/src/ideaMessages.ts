import { limits } from './limits.ts';

/** CONTRACT §3: the answer to a value over its limit, since the server never truncates. */
export const tooLongMessage = (label: string, max: number) =>
  `${label} must be at most ${max} characters.`;

/** Longest supporting-link URL and patent number accepted; SPEC §9 sets no limit, storage must. */
export const IDEA_URL_MAX = 2048;
export const PATENT_NUMBER_MAX = 40;

/**
 * SPEC §5 idea form messages, verbatim where SPEC gives them; shared by server and web form.
 * Kept apart from the schemas, so a screen that only shows them loads no zod.
 */
export const ideaMessages = {
  titleRequired: 'Title is required',
  introductionRequired: 'Introduction is required',
  titleTooLong: tooLongMessage('Title', limits.ideaTitle),
  introductionTooLong: tooLongMessage('Introduction', limits.ideaIntroduction),
  problemTooLong: tooLongMessage('Problem', limits.ideaProblem),
  opportunityTooLong: tooLongMessage('Opportunity', limits.ideaOpportunity),
  linkTitleTooLong: tooLongMessage('Link title', limits.linkTitle),
  urlTooLong: tooLongMessage('URL', IDEA_URL_MAX),
  patentTooLong: tooLongMessage('Patent number', PATENT_NUMBER_MAX),
  linkPair: 'URL and Title must be filled together',
  linkInvalid: 'Url or title is invalid',
  patentInvalid: 'Please enter a valid patent number.',
  maxLinks: `You can add up to ${limits.maxLinks} supporting links.`,
  maxPatents: `You can add up to ${limits.maxPatents} patent numbers.`,
  ipStatusInvalid: 'Please choose a valid IP status.',
  supportInvalid: 'Please choose valid support types.',
  notFound: 'The idea might have been deleted or never created.',
  ownerNotFound: 'The user might have been deleted or never created.',
  pageNotFound: 'No ideas on this page.',
} as const;
