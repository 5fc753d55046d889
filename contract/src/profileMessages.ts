import { limits } from './limits.ts';

/**
 * SPEC §5 profile save messages, and the photo upload's. Kept apart from the profile schemas, so a
 * screen that only shows them loads no zod.
 */
export const profileMessages = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  bio: 'Bio is required',
  bioTooLong: `Bio must be at most ${limits.bio} characters.`,
  photoType: 'Please upload a JPEG, PNG, GIF, or SVG image.',
  photoMissing: 'Please select a file to upload.',
  photoNotIssued: 'Please upload the photo before saving it.',
  notFound: 'The user might have been deleted or never created.',
  school: 'Please choose a school.',
  department: 'Please choose a department of the school.',
} as const;

export const readOnlyLinkMessage = (label: string) => `${label} cannot be changed once set.`;

/** CONTRACT §10: how many entries each profile section holds. */
export const sectionLimits = {
  education: 100,
  most_recent_experience: 100,
  patents: 100,
  projects: 100,
  publications: 1000,
  grants: 100,
} as const;
export type ProfileSection = keyof typeof sectionLimits;

export const sectionLimitMessage = (label: string, max: number) =>
  `${label} must have at most ${max} entries.`;
