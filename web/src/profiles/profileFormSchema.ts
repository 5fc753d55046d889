import { zodResolver } from '@hookform/resolvers/zod';
import {
  limits,
  PROFILE_URL_PATTERN,
  profileMessages,
  profileUpdateBody,
} from '@kindling/contract';
import { z } from 'zod';
import type {
  ProfileFormOutput,
  ProfileFormShape,
  ProfileFormValues,
} from './profileFormValues.ts';

/** SPEC §5 profile save message the contract's body has no field for: the role is not sent. */
const USER_TYPE_REQUIRED = 'User type is required';

export interface LinkLabels {
  linkedin: string;
  googleScholar: string;
}

const body = profileUpdateBody.shape;

/** A link field in SPEC §5's words, named by the tenant's label for it. */
function link(label: string, required: boolean) {
  return z
    .string()
    .trim()
    .refine((value) => !required || value !== '', { message: `${label} is required` })
    .refine((value) => value === '' || PROFILE_URL_PATTERN.test(value), {
      message: `${label} must be a valid URL`,
    });
}

/**
 * The update-profile form's rules (SPEC §5): the contract's for names, headline, location and
 * every section; a required bio of at most 1000 characters; LinkedIn required and both links valid where
 * the member can still set them. Values come out trimmed.
 */
export function profileFormSchema(shape: ProfileFormShape, labels: LinkLabels) {
  return z.object({
    first_name: body.first_name,
    last_name: body.last_name,
    role_id: z.number({ error: USER_TYPE_REQUIRED }),
    school_id: z.number().nullable(),
    department_id: z.number().nullable(),
    headline: body.headline.transform((value) => value ?? ''),
    location: body.location.transform((value) => value ?? ''),
    bio: z
      .string()
      .trim()
      .min(1, { message: profileMessages.bio })
      .max(limits.bio, { message: profileMessages.bioTooLong }),
    linkedin_url: shape.linkedinLocked ? z.string() : link(labels.linkedin, true),
    google_scholar_url:
      shape.showsScholar && !shape.scholarLocked ? link(labels.googleScholar, false) : z.string(),
    education: body.education.unwrap(),
    most_recent_experience: body.most_recent_experience.unwrap(),
    patents: body.patents.unwrap(),
    projects: body.projects.unwrap(),
    publications: body.publications.unwrap(),
    grants: body.grants.unwrap(),
  });
}

export function profileFormResolver(shape: ProfileFormShape, labels: LinkLabels) {
  return zodResolver<ProfileFormValues, unknown, ProfileFormOutput>(
    profileFormSchema(shape, labels) as unknown as z.ZodType<ProfileFormOutput, ProfileFormValues>,
  );
}
