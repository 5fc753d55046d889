import { FACULTY_ROLE_ID, type ProfileUpdateInput } from '@kindling/contract';
import { bioToText, textToBio } from './bioText.ts';
import type { UserProfile } from './profileApi.ts';

interface GrantValues {
  title: string;
  organization: string;
  grant_number: string;
  description: string;
}

/** What the update-profile form edits (SPEC §2); the e-mail and the role are shown, not edited. */
export interface ProfileFormValues {
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
  grants: GrantValues[];
}

/** Which parts of the form a profile has (SPEC §2, §6). */
export interface ProfileFormShape {
  /** Faculty (role 2) have a Google Scholar link. */
  showsScholar: boolean;
  /** Links are read-only once set (CONTRACT §3). */
  scholarLocked: boolean;
  linkedinLocked: boolean;
  /** The grants block shows when the member has grants. */
  showsGrants: boolean;
}

export function formShapeOf(profile: UserProfile): ProfileFormShape {
  return {
    showsScholar: profile.role_id === FACULTY_ROLE_ID,
    scholarLocked: Boolean(profile.google_scholar_url),
    linkedinLocked: Boolean(profile.linkedin_url),
    showsGrants: profile.grants.length > 0,
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
    grants: profile.grants.map((grant) => ({ ...grant })),
  };
}

/**
 * The PUT /profiles/{id} body for validated values. A bio whose text was not changed keeps its
 * saved HTML (and with it any emphasis and links); read-only links and sections the form does not
 * show are left out, which keeps them as saved.
 */
export function profileBodyOf(
  values: ProfileFormValues,
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
    ...(shape.showsGrants ? { grants: values.grants } : {}),
    ...(newPhotoUrl ? { profile_image_url: newPhotoUrl } : {}),
  };
}
