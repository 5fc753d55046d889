/**
 * CONTRACT §10's messages, verbatim where it gives them. Kept apart from the import schemas, so a
 * screen that only shows them (update profile's ORCID iD field) loads no zod.
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
