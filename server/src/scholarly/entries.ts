import {
  type ImportCandidate,
  type ImportSection,
  importedEntryInputs,
  normaliseDoi,
} from '@kindling/contract';
import { educationOf, experienceOf, grantsOf, publicationsOf } from '../profiles/sections.ts';

type Entry = Record<string, unknown>;
export type SectionEntry = ImportCandidate['entry'];

/** Each section's saved entries read through the profile's own allow-list. */
export const savedEntries: Record<ImportSection, (value: unknown) => SectionEntry[]> = {
  publications: publicationsOf,
  most_recent_experience: experienceOf,
  education: educationOf,
  grants: grantsOf,
};

/** Text as a reader sees it: no markup a parser left (`<i>`, braces), one space between words. */
function plainText(value: string): string {
  return value
    .replace(/<[^>]*>/g, '')
    .replace(/[{}]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * An imported entry as its section's rules allow it, or null when it cannot be one (no title):
 * every string plain text, cut to its field's limit; a value the rules refuse (a year out of
 * range, a malformed link) left out rather than losing the whole entry.
 */
export function checkedEntry(section: ImportSection, found: SectionEntry): SectionEntry | null {
  const entry: Entry = Object.fromEntries(
    Object.entries(found).map(([key, value]) => [
      key,
      typeof value === 'string' ? plainText(value) : value,
    ]),
  );
  const schema = importedEntryInputs[section];
  for (let attempt = 0; attempt < Object.keys(entry).length + 1; attempt += 1) {
    const parsed = schema.safeParse(entry);
    if (parsed.success) return parsed.data as SectionEntry;
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field !== 'string') return null;
      const value = entry[field];
      if (issue.code === 'too_big' && typeof value === 'string') {
        entry[field] = `${value.slice(0, Number(issue.maximum) - 1).trimEnd()}…`;
      } else if (typeof value === 'string' && value !== '' && issue.code !== 'too_small') {
        entry[field] = null;
      } else if (value !== null && value !== '' && typeof value !== 'string') {
        entry[field] = null;
      } else {
        return null;
      }
    }
  }
  return null;
}

/** Folds case, accents, punctuation and spacing, so one title typed two ways compares equal. */
function foldedText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * What duplicate detection compares (CONTRACT §10): a publication's normalised DOI, else its
 * folded title and year; the other sections by their own title, place and start.
 */
export function matchKey(section: ImportSection, value: SectionEntry): string {
  const e = value as Entry;
  const text = (...fields: string[]) =>
    fields
      .map((field) => foldedText(typeof e[field] === 'string' ? (e[field] as string) : ''))
      .join('|');
  const year = (field: string) => String(e[field] ?? '').slice(0, 4);
  switch (section) {
    case 'publications': {
      const doi = typeof e.doi === 'string' ? normaliseDoi(e.doi) : null;
      return doi ? `doi:${doi}` : `title:${text('title')}|${year('year')}`;
    }
    case 'most_recent_experience':
      return `title:${text('title', 'organization')}|${year('start_date')}`;
    case 'education':
      return `title:${text('institution', 'degree')}|${year('start_year')}`;
    case 'grants':
      return `title:${text('title', 'grant_number')}`;
  }
}

/** The title-and-year key of a publication, for comparing one with a DOI to one without. */
const titleKey = (entry: SectionEntry) =>
  matchKey('publications', { ...entry, doi: null } as SectionEntry);

/**
 * The saved entry a candidate repeats, or null: by DOI when both have one, else by title and
 * year (and by each section's own key for the others).
 */
export function duplicateOf(
  section: ImportSection,
  entry: SectionEntry,
  saved: SectionEntry[],
): SectionEntry | null {
  if (section !== 'publications') {
    const key = matchKey(section, entry);
    return saved.find((s) => matchKey(section, s) === key) ?? null;
  }
  const doi = (entry as Entry).doi;
  return (
    saved.find((s) => {
      const savedDoi = (s as Entry).doi;
      if (doi && savedDoi) return normaliseDoi(String(savedDoi)) === doi;
      return titleKey(s) === titleKey(entry);
    }) ?? null
  );
}
