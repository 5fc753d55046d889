import { normaliseDoi } from '@kindling/contract';
import { fetchJson, type SourceConfig, sourceFailed } from './fetch-json.ts';

/** OpenAlex's list form takes up to 50 values in one filter (CONTRACT §10). */
export const DOIS_PER_CALL = 50;

/**
 * `,` separates OpenAlex filters and `|` their values, so a DOI holding either cannot be asked in
 * the list form without breaking the whole call; such DOIs go uncounted.
 */
const listable = (doi: string) => !/[,|]/.test(doi);

/**
 * Citation counts of these (normalised) DOIs at OpenAlex, 50 a call: `cited_by_count` of each work
 * OpenAlex knows, keyed by DOI; a DOI it does not know is absent. Throws `sourceFailed('OpenAlex')`
 * when any call fails, so a caller never stores half a refresh.
 */
export async function citationCounts(
  config: SourceConfig,
  dois: readonly string[],
): Promise<Map<string, number>> {
  const asked = [...new Set(dois)].filter(listable);
  const counts = new Map<string, number>();
  for (let at = 0; at < asked.length; at += DOIS_PER_CALL) {
    const batch = asked.slice(at, at + DOIS_PER_CALL);
    const query = new URLSearchParams({
      filter: `doi:${batch.join('|')}`,
      'per-page': String(DOIS_PER_CALL),
      select: 'doi,cited_by_count',
    });
    if (config.scholarly.openalexApiKey) query.set('api_key', config.scholarly.openalexApiKey);
    const url = `${config.scholarly.openalexApiUrl}/works?${query}`;
    const page = (await fetchJson(config, 'OpenAlex', url)) as {
      results?: { doi?: unknown; cited_by_count?: unknown }[];
    } | null;
    if (!Array.isArray(page?.results)) throw sourceFailed('OpenAlex');
    for (const work of page.results) {
      const doi = typeof work.doi === 'string' ? normaliseDoi(work.doi) : null;
      const count = work.cited_by_count;
      if (doi && typeof count === 'number' && Number.isInteger(count) && count >= 0)
        counts.set(doi, count);
    }
  }
  return counts;
}
