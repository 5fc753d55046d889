import type { ExperienceEntry, UserProfile } from '@kindling/contract';

/**
 * Profile sections as answers: each stored JSON entry is read through an explicit allow-list of
 * fields with their types, so whatever else a row holds (older shapes, imports) never leaks out.
 * Entries keep the order the member saved them in, except experience, which reads newest first
 * (CONTRACT §10 allows it) so the person cards' "most recent" roles never depend on typing order.
 */
type Entry = Record<string, unknown>;

const entries = (value: unknown): Entry[] =>
  Array.isArray(value)
    ? value.filter((item): item is Entry => typeof item === 'object' && item !== null)
    : [];
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const strOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const intOrNull = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;

export const educationOf = (value: unknown): UserProfile['education'] =>
  entries(value).map((e) => ({
    institution: str(e.institution),
    degree: str(e.degree),
    start_year: intOrNull(e.start_year),
    end_year: intOrNull(e.end_year),
    activities: str(e.activities),
  }));

/** Ongoing roles first, then by when they ended, then by when they started; latest first. */
export const experienceOf = (value: unknown): ExperienceEntry[] =>
  entries(value)
    .map((e) => ({
      title: str(e.title),
      organization: str(e.organization),
      employment_type: str(e.employment_type),
      start_date: strOrNull(e.start_date),
      end_date: strOrNull(e.end_date),
      description: str(e.description),
    }))
    .sort(
      (a, b) =>
        compareDesc(a.end_date ?? '9999', b.end_date ?? '9999') ||
        compareDesc(a.start_date ?? '', b.start_date ?? ''),
    );

const compareDesc = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

export const patentsOf = (value: unknown): UserProfile['patents'] =>
  entries(value).map((e) => ({
    title: str(e.title),
    patent_number: str(e.patent_number),
    issue_date: strOrNull(e.issue_date),
  }));

export const projectsOf = (value: unknown): UserProfile['projects'] =>
  entries(value).map((e) => ({
    title: str(e.title),
    start_date: strOrNull(e.start_date),
    end_date: strOrNull(e.end_date),
    description: str(e.description),
  }));

export const publicationsOf = (value: unknown): UserProfile['publications'] =>
  entries(value).map((e) => ({
    title: str(e.title),
    authors: str(e.authors),
    year: intOrNull(e.year),
    citations: intOrNull(e.citations),
    doi: strOrNull(e.doi),
    venue: str(e.venue),
    url: strOrNull(e.url),
  }));

export const grantsOf = (value: unknown): UserProfile['grants'] =>
  entries(value).map((e) => ({
    organization: str(e.organization),
    grant_number: str(e.grant_number),
    title: str(e.title),
    description: str(e.description),
  }));

/** SPEC §2 Publications: the citation count and the year since which the member publishes. */
export function publicationTotals(publications: UserProfile['publications']) {
  const years = publications.flatMap((p) => (p.year === null ? [] : [p.year]));
  return {
    total_citations: publications.reduce((sum, p) => sum + (p.citations ?? 0), 0),
    oldest_publication_year: years.length ? Math.min(...years) : null,
  };
}
