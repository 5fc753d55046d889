import { z } from 'zod';
import { normaliseDoi } from './doi.ts';
import { limits } from './limits.ts';
import { experienceEntry, memberPlace } from './people.ts';
import { profileMessages, sectionLimitMessage, sectionLimits } from './profileMessages.ts';

/**
 * SPEC §5 loose URL pattern: optional http(s)://, a domain with a 2 to 6 letter suffix, an optional
 * port and path.
 */
export const PROFILE_URL_PATTERN =
  /^(https?:\/\/)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,6}(:\d{1,5})?([/?#]\S*)?$/i;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** The text a reader sees of a bio's HTML: what its 1000-character limit counts (SPEC §9). */
export function bioText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1] === 'x' || name[1] === 'X'
            ? Number.parseInt(name.slice(2), 16)
            : Number.parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    });
}

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters.`;
const nullToEmpty = (value: unknown) => (value === null ? '' : value);
const blankToNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;

const textSchema = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, { message: tooLong(label, max) });
/** A section entry's text: missing or null is empty. */
const text = (label: string, max: number) =>
  z.preprocess((value) => value ?? '', textSchema(label, max));
/** A profile field's text: left out keeps the saved value, null clears it. */
const optionalText = (label: string, max: number) =>
  z.preprocess(nullToEmpty, textSchema(label, max).optional());

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: tooLong(label, max) });

const isoDate = (label: string) => {
  const message = `${label} must be a date (YYYY-MM-DD).`;
  return z.preprocess(
    blankToNull,
    z
      .string({ error: message })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message })
      .refine((value) => !Number.isNaN(Date.parse(value)), { message })
      .nullable(),
  );
};

const year = (label: string) => {
  const message = `${label} must be a year.`;
  return z.preprocess(
    blankToNull,
    z.coerce
      .number({ error: message })
      .int({ message })
      .min(1900, { message })
      .max(2100, { message })
      .nullable(),
  );
};

const periodInOrder = (e: { start_date: string | null; end_date: string | null }) =>
  e.start_date === null || e.end_date === null || e.start_date <= e.end_date;
const endAfterStart = {
  message: 'End date must not be before the start date.',
  path: ['end_date'],
};

export const educationEntry = z.object({
  institution: z.string(),
  degree: z.string(),
  start_year: z.number().int().nullable(),
  end_year: z.number().int().nullable(),
  activities: z.string(),
});
export const patentEntry = z.object({
  title: z.string(),
  patent_number: z.string(),
  issue_date: z.string().nullable(),
});
export const projectEntry = z.object({
  title: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  description: z.string(),
});
export const publicationEntry = z.object({
  title: z.string(),
  authors: z.string(),
  year: z.number().int().nullable(),
  citations: z.number().int().nullable(),
  /** With one, citations are OpenAlex's count (CONTRACT §10). */
  doi: z
    .string()
    .nullable()
    .describe('Lower case, without a https://doi.org/ or doi: prefix (normaliseDoi)'),
  venue: z.string(),
  url: z.string().nullable(),
});
export const grantEntry = z.object({
  organization: z.string(),
  grant_number: z.string(),
  title: z.string(),
  description: z.string(),
});

/** SPEC §5's loose link check, kept with an https:// scheme so it always renders as a link. */
const linkText = (label: string) =>
  z
    .string({ error: `${label} must be a valid URL` })
    .trim()
    .max(500, { message: tooLong(label, 500) })
    .refine((value) => value === '' || PROFILE_URL_PATTERN.test(value), {
      message: `${label} must be a valid URL`,
    })
    .transform((value) =>
      value === '' || /^https?:\/\//i.test(value) ? value : `https://${value}`,
    );

/** A profile link (SPEC §5): blank clears it, anything else must match the loose pattern. */
const profileUrl = (label: string) => z.preprocess(nullToEmpty, linkText(label).optional());

/** A section entry's link: missing, null or blank is none. */
const entryUrl = (label: string) =>
  z.preprocess(
    (value) => value ?? '',
    linkText(label).transform((value) => value || null),
  );

/** How the profile form writes each section; the same shapes as the answer's entries. */
const educationInput = z
  .object({
    institution: requiredText('Institution', 200),
    degree: text('Degree', 200),
    start_year: year('Start year'),
    end_year: year('End year'),
    activities: text('Activities', 1000),
  })
  .refine((e) => e.start_year === null || e.end_year === null || e.start_year <= e.end_year, {
    message: 'End year must not be before the start year.',
    path: ['end_year'],
  });
/** What an entry of a period (an experience, a project) ends with: the dates, in order. */
const period = {
  start_date: isoDate('Start date'),
  end_date: isoDate('End date'),
  description: text('Description', 2000),
};
const experienceInput = z
  .object({
    title: requiredText('Title', 200),
    organization: text('Organization', 200),
    employment_type: text('Employment type', 50),
    ...period,
  })
  .refine(periodInOrder, endAfterStart);
const patentInput = z.object({
  title: requiredText('Title', 300),
  patent_number: text('Patent number', 50),
  issue_date: isoDate('Issue date'),
});
const projectInput = z
  .object({ title: requiredText('Title', 200), ...period })
  .refine(periodInOrder, endAfterStart);
const publicationInput = z.object({
  title: requiredText('Title', 500),
  authors: text('Authors', 1000),
  year: year('Year'),
  citations: z.preprocess(
    blankToNull,
    z.coerce
      .number({ error: 'Citations must be a whole number.' })
      .int({ message: 'Citations must be a whole number.' })
      .min(0, { message: 'Citations must be a whole number.' })
      .max(10_000_000, { message: 'Citations must be a whole number.' })
      .nullable(),
  ),
  doi: z.preprocess(
    blankToNull,
    z
      .string({ error: 'DOI must be a DOI such as 10.1000/xyz123.' })
      .transform((value, context) => {
        const doi = normaliseDoi(value);
        if (doi === null) {
          context.addIssue({
            code: 'custom',
            message: 'DOI must be a DOI such as 10.1000/xyz123.',
          });
          return z.NEVER;
        }
        return doi;
      })
      .nullable()
      .optional()
      .transform((value) => value ?? null),
  ),
  venue: text('Venue', 300),
  url: entryUrl('URL'),
});
const grantInput = z.object({
  organization: text('Organization', 200),
  grant_number: text('Grant number', 100),
  title: requiredText('Title', 300),
  description: text('Description', 2000),
});

const section = <T extends z.ZodType>(label: string, max: number, entry: T) =>
  z
    .array(entry, { error: `${label} must be a list.` })
    .max(max, { message: sectionLimitMessage(label, max) })
    .optional()
    .describe(`At most ${max} entries; replaces the saved ones, left out keeps them`);

const placeId = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.coerce
      .number({ error: message })
      .int({ message })
      .positive({ message })
      .max(2_147_483_647, { message })
      .nullable()
      .optional(),
  );

/**
 * PUT /profiles/{id} (SPEC §7 profile body). Names and bio are required; every other field left
 * out keeps its saved value, and an empty one clears it. LinkedIn and Google Scholar may be set
 * while empty and are read-only once set; the role is never changed here.
 */
export const profileUpdateBody = z.object({
  first_name: requiredText('First name', 50),
  last_name: requiredText('Last name', 50),
  bio: z
    .string({ error: profileMessages.bio })
    .trim()
    .min(1, { message: profileMessages.bio })
    .max(limits.bio * 20, { message: profileMessages.bioTooLong })
    .refine((value) => bioText(value).trim().length > 0, { message: profileMessages.bio })
    .refine((value) => bioText(value).trim().length <= limits.bio, {
      message: profileMessages.bioTooLong,
    }),
  headline: optionalText('Position', 150),
  location: optionalText('Location', 100),
  linkedin_url: profileUrl('LinkedIn URL'),
  google_scholar_url: profileUrl('Google Scholar URL'),
  faculty_page_url: profileUrl('Faculty page URL'),
  profile_image_url: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: profileMessages.photoNotIssued })
      .trim()
      .max(2048, { message: profileMessages.photoNotIssued })
      .nullable()
      .optional(),
  ),
  school_id: placeId(profileMessages.school),
  department_id: placeId(profileMessages.department),
  education: section('Education', sectionLimits.education, educationInput),
  most_recent_experience: section(
    'Experience',
    sectionLimits.most_recent_experience,
    experienceInput,
  ),
  patents: section('Patents', sectionLimits.patents, patentInput),
  projects: section('Projects', sectionLimits.projects, projectInput),
  publications: section('Publications', sectionLimits.publications, publicationInput),
  grants: section('Grants', sectionLimits.grants, grantInput),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateBody>;
export type ProfileUpdate = z.output<typeof profileUpdateBody>;

const savedOrder = 'In the order the member saved them';

/** SPEC §3 user profile. */
export const userProfile = z.object({
  id: z.number().int(),
  tenant_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  ...memberPlace,
  headline: z.string(),
  location: z.string(),
  /** Sanitised HTML. */
  bio: z.string(),
  profile_image_url: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  /** Faculty (role 2) only; null for everyone else. */
  google_scholar_url: z.string().nullable(),
  faculty_page_url: z.string().nullable(),
  user_status_id: z.number().int(),
  admin_status_id: z.number().int(),
  education: z.array(educationEntry).describe(savedOrder),
  most_recent_experience: z
    .array(experienceEntry)
    .describe('Newest first: ongoing roles, then by end date, then by start date'),
  patents: z.array(patentEntry).describe(savedOrder),
  projects: z.array(projectEntry).describe(savedOrder),
  publications: z.array(publicationEntry).describe(savedOrder),
  total_citations: z.number().int(),
  oldest_publication_year: z.number().int().nullable(),
  grants: z.array(grantEntry).describe(savedOrder),
  /** CONTRACT §10: the member's ORCID iD, verified only when linked through ORCID's own sign-in. */
  orcid: z.string().nullable(),
  orcid_verified: z.boolean(),
  /**
   * Whether this deployment links iDs through ORCID's own sign-in (`ORCID_CLIENT_ID` and
   * `ORCID_CLIENT_SECRET` set): the owner's form then offers "Link with ORCID" (GET /orcid/link).
   */
  orcid_sign_in: z.boolean(),
  /** Ideas whose principal investigator this member is, newest first. */
  ideas: z.array(z.object({ id: z.number().int(), title: z.string(), created_at: z.string() })),
  permissions: z.array(z.string()),
});
export type UserProfile = z.infer<typeof userProfile>;

export const profileAnswer = z.object({ profile: userProfile });
export const photoAnswer = z.object({ profile_image_url: z.string() });

/** Each section an import fills, its entry as the profile form writes it: imports check theirs too. */
export const importedEntryInputs = {
  publications: publicationInput,
  most_recent_experience: experienceInput,
  education: educationInput,
  grants: grantInput,
};
