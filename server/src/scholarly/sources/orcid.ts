import type {
  EducationEntry,
  ExperienceEntry,
  GrantEntry,
  PublicationEntry,
} from '@kindling/contract';
import { fetchJson, type SourceConfig, sourceFailed } from './fetch-json.ts';
import { type Json, list, obj, str } from './json.ts';

/** ORCID's bulk works call reads at most 100 put-codes at once. */
const BULK_WORKS = 100;

/** What an ORCID record gives each section, before entries are checked against its rules. */
export interface OrcidRecord {
  publications: PublicationEntry[];
  experience: ExperienceEntry[];
  education: EducationEntry[];
  grants: GrantEntry[];
}

/** ORCID wraps most scalars as `{value: …}`. */
const wrapped = (value: unknown): string => str(obj(value).value);

/** An ORCID fuzzy date `{year: {value}, month: {value}, day: {value}}` as YYYY-MM-DD, or null. */
function fuzzyDate(value: unknown): string | null {
  const date = obj(value);
  const year = wrapped(date.year);
  if (!/^\d{4}$/.test(year)) return null;
  const part = (v: unknown) => (/^\d{1,2}$/.test(wrapped(v)) ? wrapped(v).padStart(2, '0') : '01');
  return `${year}-${part(date.month)}-${part(date.day)}`;
}
const yearOf = (value: unknown): number | null => {
  const year = Number(wrapped(obj(value).year));
  return Number.isInteger(year) && year > 0 ? year : null;
};

function externalId(ids: unknown, type: string): string | null {
  for (const id of list(obj(ids)['external-id'])) {
    const item = obj(id);
    if (str(item['external-id-type']).toLowerCase() === type && str(item['external-id-value']))
      return str(item['external-id-value']);
  }
  return null;
}

/** An affiliation section (`educations`, `employments`): the summaries of each group. */
function affiliations(section: unknown, key: string): Json[] {
  return list(obj(section)['affiliation-group']).flatMap((group) =>
    list(obj(group).summaries).map((summary) => obj(obj(summary)[key])),
  );
}

function experienceOf(summary: Json): ExperienceEntry {
  const organization = str(obj(summary.organization).name);
  return {
    title: str(summary['role-title']) || organization,
    organization,
    employment_type: '',
    start_date: fuzzyDate(summary['start-date']),
    end_date: fuzzyDate(summary['end-date']),
    description: str(summary['department-name']),
  };
}

function educationOf(summary: Json): EducationEntry {
  return {
    institution: str(obj(summary.organization).name),
    degree: str(summary['role-title']),
    start_year: yearOf(summary['start-date']),
    end_year: yearOf(summary['end-date']),
    activities: str(summary['department-name']),
  };
}

function grantOf(summary: Json): GrantEntry {
  return {
    organization: str(obj(summary.organization).name),
    grant_number: externalId(summary['external-ids'], 'grant_number') ?? '',
    title: wrapped(obj(summary.title).title),
    description: '',
  };
}

/** A work as a publication; its authors come from the bulk call, as summaries carry none. */
function publicationOf(work: Json, authors: string): PublicationEntry {
  const url = wrapped(work.url);
  return {
    title: wrapped(obj(work.title).title),
    authors,
    year: yearOf(work['publication-date']),
    citations: null,
    doi: externalId(work['external-ids'], 'doi'),
    venue: wrapped(work['journal-title']),
    url: url || null,
  };
}

const authorsOf = (work: Json) =>
  list(obj(work.contributors).contributor)
    .map((contributor) => wrapped(obj(contributor)['credit-name']))
    .filter(Boolean)
    .join(', ');

/**
 * The authors of the works named by their put-codes, 100 a call (ORCID's bulk form
 * `/v3.0/{orcid}/works/{put-code,put-code,…}`), by put-code.
 */
async function workAuthors(
  config: SourceConfig,
  orcid: string,
  putCodes: number[],
): Promise<Map<number, string>> {
  const authors = new Map<number, string>();
  for (let start = 0; start < putCodes.length; start += BULK_WORKS) {
    const codes = putCodes.slice(start, start + BULK_WORKS).join(',');
    const answer = await fetchJson(
      config,
      'ORCID',
      `${config.scholarly.orcidApiUrl}/v3.0/${orcid}/works/${codes}`,
    );
    for (const item of list(obj(answer).bulk)) {
      const work = obj(obj(item).work);
      if (typeof work['put-code'] === 'number') authors.set(work['put-code'], authorsOf(work));
    }
  }
  return authors;
}

/**
 * Reads an ORCID record (public API 3.0): works become publications, employments experience,
 * educations education, fundings grants. Null when ORCID does not know the iD.
 */
export async function readOrcidRecord(
  config: SourceConfig,
  orcid: string,
): Promise<OrcidRecord | null> {
  const answer = await fetchJson(
    config,
    'ORCID',
    `${config.scholarly.orcidApiUrl}/v3.0/${orcid}/record`,
  );
  if (answer === null) return null;
  const record = obj(answer);
  if (!('activities-summary' in record)) throw sourceFailed('ORCID');
  const activities = obj(record['activities-summary']);
  // Each group is one work as several sources claim it; ORCID lists the preferred one first.
  const works = list(obj(activities.works).group)
    .map((group) => obj(list(obj(group)['work-summary'])[0]))
    .filter((work) => typeof work['put-code'] === 'number');
  const authors = await workAuthors(
    config,
    orcid,
    works.map((work) => work['put-code'] as number),
  );
  return {
    publications: works.map((work) =>
      publicationOf(work, authors.get(work['put-code'] as number) ?? ''),
    ),
    experience: affiliations(activities.employments, 'employment-summary').map(experienceOf),
    education: affiliations(activities.educations, 'education-summary').map(educationOf),
    grants: list(obj(activities.fundings).group).flatMap((group) =>
      list(obj(group)['funding-summary'])
        .slice(0, 1)
        .map((summary) => grantOf(obj(summary))),
    ),
  };
}
