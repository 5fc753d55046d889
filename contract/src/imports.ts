import { z } from 'zod';
import { createProfileBody } from './admin.ts';
import { errorDetail } from './errors.ts';
import { profileUpdateBody } from './profiles.ts';
import { booleanParam } from './query.ts';

/**
 * Bulk onboarding (issue 6): a CSV of people, previewed and then imported. The limits bound one
 * upload; the server streams the file, so memory does not grow with its length.
 */
export const importLimits = { bytes: 10 * 1024 * 1024, rows: 50_000, errorsShown: 100, sample: 20 };

/** The columns a file may have, in the template's order; the first four are required. */
export const importColumns = [
  'first_name',
  'last_name',
  'email',
  'role',
  'school',
  'department',
  'headline',
  'location',
  'bio',
  'linkedin_url',
  'google_scholar_url',
  'faculty_page_url',
  'education',
  'experience',
  'patents',
  'projects',
  'publications',
  'grants',
] as const;
export type ImportColumn = (typeof importColumns)[number];
export const requiredImportColumns: readonly ImportColumn[] = [
  'first_name',
  'last_name',
  'email',
  'role',
];

/** What each column holds, for the template's readers and the screen's help. */
export const importColumnHelp: Record<ImportColumn, string> = {
  first_name: 'Required. 2 to 50 letters, spaces, hyphens or apostrophes.',
  last_name: 'Required. As the first name.',
  email: 'Required. The person is matched on it: a known e-mail updates that person.',
  role: 'Required. A role name (any case) or its id, e.g. Faculty or 2.',
  school: 'Optional. The name of an active school (any case).',
  department: 'Optional. The name of an active department of that school; needs the school.',
  headline: 'Optional. Position, at most 150 characters.',
  location: 'Optional. At most 100 characters.',
  bio: 'Optional. Plain text (blank lines make paragraphs) or the HTML the profile editor writes; at most 1000 characters of text.',
  linkedin_url: 'Optional. https://www.linkedin.com/in/…',
  google_scholar_url: 'Optional, faculty only. https://scholar.google.com/citations?user=…',
  faculty_page_url: 'Optional. A web address.',
  education:
    'Optional JSON list: [{"institution", "degree", "start_year", "end_year", "activities"}].',
  experience:
    'Optional JSON list: [{"title", "organization", "employment_type", "start_date", "end_date", "description"}], dates as YYYY-MM-DD.',
  patents: 'Optional JSON list: [{"title", "patent_number", "issue_date"}].',
  projects: 'Optional JSON list: [{"title", "start_date", "end_date", "description"}].',
  publications:
    'Optional JSON list: [{"title", "authors", "year", "citations", "doi", "venue", "url"}].',
  grants: 'Optional JSON list: [{"organization", "grant_number", "title", "description"}].',
};

const identity = createProfileBody.in.shape;
const profile = profileUpdateBody.shape;

/** An empty cell leaves the saved value as it is, so re-importing a thinner file loses nothing. */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());

const placeName = (label: string) =>
  optional(
    z
      .string()
      .trim()
      .max(100, { message: `${label} must be at most 100 characters.` }),
  );

/** A list section's cell: JSON text, checked by the very schema the profile form's save uses. */
const jsonSection = <T extends z.ZodType>(label: string, section: T) =>
  z.preprocess((value, ctx) => {
    if (typeof value !== 'string' || value.trim() === '') return undefined;
    try {
      return JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: `${label} must be a JSON list, such as [{…}].` });
      return z.NEVER;
    }
  }, section);

/**
 * One row of the file, its cells as text. Names and e-mail follow POST /admin/users; the profile
 * fields and sections follow PUT /profiles/{id}, so an imported profile is as valid as a saved one.
 */
export const importRow = z.object({
  first_name: identity.first_name,
  last_name: identity.last_name,
  email: identity.email,
  role: z.string({ error: 'Role is required.' }).trim().min(1, { message: 'Role is required.' }),
  school: placeName('School'),
  department: placeName('Department'),
  headline: optional(profile.headline),
  location: optional(profile.location),
  bio: optional(profile.bio),
  linkedin_url: identity.linkedin_url,
  google_scholar_url: identity.google_scholar_url,
  faculty_page_url: optional(profile.faculty_page_url),
  education: jsonSection('Education', profile.education),
  experience: jsonSection('Experience', profile.most_recent_experience),
  patents: jsonSection('Patents', profile.patents),
  projects: jsonSection('Projects', profile.projects),
  publications: jsonSection('Publications', profile.publications),
  grants: jsonSection('Grants', profile.grants),
});
export type ImportRow = z.output<typeof importRow>;

/** `mail=true` mails a claim link to each person the import creates; the file's name is audited. */
export const importQuery = z.object({
  mail: booleanParam.optional(),
  file_name: z
    .string()
    .max(255, { message: 'file_name must be at most 255 characters.' })
    .optional(),
});

/** A row that cannot be imported: its row number as a spreadsheet shows it (the header is 1). */
export const importRowError = z.object({
  row: z.number().int(),
  email: z.string(),
  details: z.array(errorDetail),
});
export type ImportRowError = z.infer<typeof importRowError>;

export const importPreviewAnswer = z.object({
  rows: z.number().int(),
  new: z.number().int(),
  update: z.number().int(),
  error: z.number().int(),
  /** The first rows with errors, at most importLimits.errorsShown. */
  errors: z.array(importRowError),
  /** The first rows that would be imported, at most importLimits.sample. */
  sample: z.array(
    z.object({
      row: z.number().int(),
      action: z.enum(['new', 'update']),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      role: z.string(),
      school: z.string().nullable(),
      department: z.string().nullable(),
    }),
  ),
});
export type ImportPreview = z.infer<typeof importPreviewAnswer>;

export const importAnswer = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Rows not imported: those with errors and those of a batch that failed. */
  failed: z.number().int(),
  mailed: z.number().int(),
  errors: z.array(importRowError),
});
export type ImportResult = z.infer<typeof importAnswer>;
