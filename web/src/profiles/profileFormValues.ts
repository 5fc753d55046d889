import {
  FACULTY_ROLE_ID,
  type ProfileSection,
  type ProfileUpdate,
  type ProfileUpdateInput,
} from '@kindling/contract';
import { bioToText, textToBio } from './bioText.ts';
import type { UserProfile } from './profileApi.ts';

/** The profile's sections in the order the profile page shows them (SPEC §3). */
export const profileSections = [
  'education',
  'most_recent_experience',
  'patents',
  'projects',
  'publications',
  'grants',
] as const satisfies readonly ProfileSection[];

/** A section entry as its inputs hold it: every field text, an empty one for none. */
type EntryText<Entry> = { [Field in keyof Entry]: string };
export type SectionValues = {
  [Section in ProfileSection]: EntryText<UserProfile[Section][number]>[];
};

/** The inputs' text of a saved entry: numbers written out, none as empty. */
function entryText<Entry extends object>(entry: Entry): EntryText<Entry> {
  return Object.fromEntries(
    Object.entries(entry).map(([field, value]) => [field, value == null ? '' : String(value)]),
  ) as EntryText<Entry>;
}

/** What the update-profile form edits (SPEC §2); the e-mail and the role are shown, not edited. */
export interface ProfileFormValues extends SectionValues {
  first_name: string;
  last_name: string;
  role_id: number | null;
  school_id: number | null;
  department_id: number | null;
  headline: string;
  location: string;
  /** The bio as text; see bioText.ts. */
  bio: string;
  google_scholar_url: string;
  linkedin_url: string;
}

/** The form's values once its rules passed: trimmed, and the sections as the contract reads them. */
export type ProfileFormOutput = Omit<ProfileFormValues, ProfileSection> &
  Required<Pick<ProfileUpdate, ProfileSection>>;

/** Which parts of the form a profile has (SPEC §2, §6). */
export interface ProfileFormShape {
  /** Faculty (role 2) have a Google Scholar link. */
  showsScholar: boolean;
  /** Links are read-only once set (CONTRACT §3). */
  scholarLocked: boolean;
  linkedinLocked: boolean;
}

export function formShapeOf(profile: UserProfile): ProfileFormShape {
  return {
    showsScholar: profile.role_id === FACULTY_ROLE_ID,
    scholarLocked: Boolean(profile.google_scholar_url),
    linkedinLocked: Boolean(profile.linkedin_url),
  };
}

export function formValuesOf(profile: UserProfile): ProfileFormValues {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    role_id: profile.role_id,
    school_id: profile.school_id,
    department_id: profile.department_id,
    headline: profile.headline,
    location: profile.location,
    bio: bioToText(profile.bio),
    google_scholar_url: profile.google_scholar_url ?? '',
    linkedin_url: profile.linkedin_url ?? '',
    education: profile.education.map(entryText),
    most_recent_experience: profile.most_recent_experience.map(entryText),
    patents: profile.patents.map(entryText),
    projects: profile.projects.map(entryText),
    publications: profile.publications.map(entryText),
    grants: profile.grants.map(entryText),
  };
}

/**
 * The PUT /profiles/{id} body for validated values. A bio whose text was not changed keeps its
 * saved HTML (and with it any emphasis and links); read-only links are left out, which keeps them
 * as saved. Every section is sent, in the order the member left its entries.
 */
export function profileBodyOf(
  values: ProfileFormOutput,
  profile: UserProfile,
  newPhotoUrl: string | null,
): ProfileUpdateInput {
  const shape = formShapeOf(profile);
  const bioUnchanged = values.bio.trim() === bioToText(profile.bio).trim();
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    headline: values.headline,
    location: values.location,
    bio: bioUnchanged ? profile.bio : textToBio(values.bio),
    school_id: values.school_id,
    department_id: values.department_id,
    ...(shape.linkedinLocked ? {} : { linkedin_url: values.linkedin_url }),
    ...(shape.showsScholar && !shape.scholarLocked
      ? { google_scholar_url: values.google_scholar_url }
      : {}),
    education: values.education,
    most_recent_experience: values.most_recent_experience,
    patents: values.patents,
    projects: values.projects,
    publications: values.publications,
    grants: values.grants,
    ...(newPhotoUrl ? { profile_image_url: newPhotoUrl } : {}),
  };
}
