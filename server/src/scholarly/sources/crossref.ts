import type { PublicationEntry } from '@kindling/contract';
import { fetchJson, type SourceConfig, sourceFailed } from './fetch-json.ts';
import { type Json, list, obj, str } from './json.ts';

/** Crossref gives titles and container titles as lists; the first is the work's own. */
const first = (value: unknown): string => str(list(value)[0]);

const authorName = (author: unknown) => {
  const a = obj(author);
  return [str(a.given), str(a.family)].filter(Boolean).join(' ') || str(a.name);
};

function yearOf(work: Json): number | null {
  for (const key of ['issued', 'published', 'published-print', 'published-online', 'created']) {
    const year = list(list(obj(work[key])['date-parts'])[0])[0];
    if (typeof year === 'number' && Number.isInteger(year)) return year;
  }
  return null;
}

/**
 * What a DOI resolves to at Crossref (`{CROSSREF_API_URL}/works/{doi}`), as a publication: null
 * when Crossref does not know it. The DOI kept is the one asked for, already normalised.
 */
export async function crossrefWork(
  config: SourceConfig,
  doi: string,
): Promise<PublicationEntry | null> {
  const answer = await fetchJson(
    config,
    'Crossref',
    `${config.scholarly.crossrefApiUrl}/works/${encodeURIComponent(doi)}`,
  );
  if (answer === null) return null;
  const { status, message } = obj(answer);
  if (status !== 'ok' || typeof message !== 'object' || message === null)
    throw sourceFailed('Crossref');
  const work = obj(message);
  return {
    title: first(work.title),
    authors: list(work.author).map(authorName).filter(Boolean).join(', '),
    year: yearOf(work),
    citations: null,
    doi,
    venue: first(work['container-title']),
    url: str(work.URL) || null,
  };
}
