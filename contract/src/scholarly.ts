import { z } from 'zod';
import { normaliseDoi } from './doi.ts';
import { normaliseOrcid } from './orcid.ts';
import { experienceEntry } from './people.ts';
import { educationEntry, grantEntry, publicationEntry } from './profiles.ts';
import { idParam, positiveInt } from './query.ts';
import { MAX_IMPORT_DOIS, scholarlyMessages } from './scholarlyMessages.ts';

export type PublicationEntry = z.infer<typeof publicationEntry>;
export type EducationEntry = z.infer<typeof educationEntry>;
export type GrantEntry = z.infer<typeof grantEntry>;

/** The outside sources of CONTRACT §10, named as a failing one is named in `details`. */
export const scholarlySources = ['ORCID', 'Crossref', 'OpenAlex'] as const;
export type ScholarlySource = (typeof scholarlySources)[number];

/** PUT /profiles/{id}/orcid: an iD (checked as ORCID checks it) or null to remove it. */
export const orcidBody = z.object({
  orcid: z
    .string({ error: scholarlyMessages.orcid })
    .transform((value, context) => {
      const orcid = normaliseOrcid(value);
      if (orcid === null) {
        context.addIssue({ code: 'custom', message: scholarlyMessages.orcid });
        return z.NEVER;
      }
      return orcid;
    })
    .nullable(),
});
export type OrcidInput = z.input<typeof orcidBody>;

const doiList = z
  .array(z.string({ error: scholarlyMessages.doisMissing }), {
    error: scholarlyMessages.doisMissing,
  })
  .min(1, { message: scholarlyMessages.doisMissing })
  .max(MAX_IMPORT_DOIS, { message: scholarlyMessages.tooManyDois })
  .transform((values, context) => {
    const dois: string[] = [];
    for (const value of values) {
      const doi = normaliseDoi(value);
      if (doi === null) {
        context.addIssue({ code: 'custom', message: scholarlyMessages.doi(value.slice(0, 100)) });
        return z.NEVER;
      }
      if (!dois.includes(doi)) dois.push(doi);
    }
    return dois;
  });

/** POST /profiles/{id}/imports as JSON; a reference file comes as multipart `file` instead. */
export const importBody = z.discriminatedUnion(
  'source',
  [z.object({ source: z.literal('orcid') }), z.object({ source: z.literal('doi'), dois: doiList })],
  { error: "source must be 'orcid' or 'doi', or send a file." },
);
export type ImportInput = z.input<typeof importBody>;

const candidateOf = <S extends string, T extends z.ZodType>(section: S, entry: T) =>
  z.object({
    id: z.number().int(),
    section: z.literal(section),
    entry,
    /** The saved entry this one repeats (by DOI, else by title and year), or null. */
    duplicate_of: entry.nullable(),
  });

/** An entry found by an import, waiting to be accepted or rejected (CONTRACT §10). */
export const importCandidate = z.discriminatedUnion('section', [
  candidateOf('publications', publicationEntry),
  candidateOf('most_recent_experience', experienceEntry),
  candidateOf('education', educationEntry),
  candidateOf('grants', grantEntry),
]);
export type ImportCandidate = z.infer<typeof importCandidate>;

export const profileImportAnswer = z.object({
  candidates: z.array(importCandidate),
  /** DOIs no source knows. */
  not_found: z.array(z.string()),
});
export const importCandidatesAnswer = z.object({ candidates: z.array(importCandidate) });
export const candidateParams = idParam.extend({ cid: positiveInt('cid') });
