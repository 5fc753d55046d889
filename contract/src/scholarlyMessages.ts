/**
 * CONTRACT §10's messages (verbatim where it gives them), sections and limits. Kept apart from the
 * import schemas, so a screen that only shows them (update profile's ORCID iD field and import
 * panel) loads no zod.
 */
export const scholarlyMessages = {
  orcid: 'Please enter a valid ORCID iD.',
  orcidTaken: 'This ORCID iD belongs to another member.',
  orcidMissing: 'Please add your ORCID iD before importing from ORCID.',
  doisMissing: 'Please enter at least one DOI.',
  tooManyDois: 'Please enter at most 50 DOIs.',
  doi: (value: string) => `'${value}' is not a DOI.`,
  file: 'Please choose a BibTeX (.bib) or RIS (.ris) file.',
  fileTooLarge: 'The file must be at most 1 MiB.',
  fileUnreadable: 'This file is not BibTeX or RIS.',
  candidateNotFound: 'This import candidate was accepted, rejected or never found.',
} as const;

/** The sections an import fills, and what a member sees them called. */
export const importSections = {
  publications: 'Publications',
  most_recent_experience: 'Experience',
  education: 'Education',
  grants: 'Grants',
} as const;
export type ImportSection = keyof typeof importSections;

export const MAX_IMPORT_DOIS = 50;
export const MAX_IMPORT_FILE_BYTES = 1024 * 1024;
