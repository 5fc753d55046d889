import { normaliseDoi } from '@kindling/contract';
import { fetchJson, type SourceConfig, sourceFailed } from './fetch-json.ts';

/** OpenAlex's list form takes up to 50 DOIs in one filter. */
const DOIS_A_CALL = 50;

/**
 * Citation counts of normalised DOIs at OpenAlex, 50 a call
 * (`{OPENALEX_API_URL}/works?filter=doi:{a}|{b}|…&per-page=50`, with `api_key` when configured),
 * never one call per publication. A DOI OpenAlex does not know is left out of the map.
 */
export async function citationCounts(
  config: SourceConfig,
  dois: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const unique = [...new Set(dois)];
  for (let start = 0; start < unique.length; start += DOIS_A_CALL) {
    const batch = unique.slice(start, start + DOIS_A_CALL);
    const query = new URLSearchParams({
      filter: `doi:${batch.join('|')}`,
      'per-page': String(DOIS_A_CALL),
    });
    if (config.scholarly.openalexApiKey) query.set('api_key', config.scholarly.openalexApiKey);
    const answer = await fetchJson(
      config,
      'OpenAlex',
      `${config.scholarly.openalexApiUrl}/works?${query}`,
    );
    const results = (answer as { results?: unknown } | null)?.results;
    if (!Array.isArray(results)) throw sourceFailed('OpenAlex');
    for (const result of results) {
      const { doi, cited_by_count } = (result ?? {}) as { doi?: unknown; cited_by_count?: unknown };
      const key = typeof doi === 'string' ? normaliseDoi(doi) : null;
      if (key && typeof cited_by_count === 'number' && Number.isInteger(cited_by_count))
        counts.set(key, cited_by_count);
    }
  }
  return counts;
}
