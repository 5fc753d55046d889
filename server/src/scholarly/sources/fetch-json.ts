import type { ScholarlySource } from '@kindling/contract';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import { guardedFetch } from '../../outbound/network.ts';

/**
 * The one way the server reads a scholarly source (CONTRACT §10): 10 seconds a call
 * (`config.scholarly.timeoutMs`), at most 8 MiB an answer (an ORCID record of a prolific author runs to a few MiB), and a `User-Agent` naming the
 * deployment with a contact address, as Crossref's and OpenAlex's etiquette asks. The base URLs
 * are the operator's configuration, never a member's or a tenant's, so any address is allowed:
 * a mirror or proxy may well sit on a private network (docs/operations.md).
 */
const ANSWER_BYTES = 8 * 1024 * 1024;

export type SourceConfig = Pick<Config, 'publicUrl' | 'mailFrom' | 'scholarly'>;

/** A source failed, answered nonsense or took too long: 502 naming it, nothing imported. */
export const sourceFailed = (source: ScholarlySource) =>
  new AppError('BAD_GATEWAY', undefined, [{ field: 'source', error: source }]);

function userAgent(config: Pick<Config, 'publicUrl' | 'mailFrom'>): string {
  const contact = config.mailFrom ? `; mailto:${config.mailFrom}` : '';
  return `Kindling (+${config.publicUrl}${contact})`;
}

/**
 * GETs a JSON document: null when the source answers 404 (it does not know the thing asked for),
 * the parsed body on a 2xx, and `sourceFailed` for anything else.
 */
export async function fetchJson(
  config: SourceConfig,
  source: ScholarlySource,
  url: string,
  headers: Record<string, string> = {},
): Promise<unknown> {
  let response: Response;
  try {
    const fetchSource = guardedFetch('open', {
      bytes: ANSWER_BYTES,
      ms: config.scholarly.timeoutMs,
    });
    response = await fetchSource(url, {
      headers: { accept: 'application/json', 'user-agent': userAgent(config), ...headers },
    });
  } catch {
    throw sourceFailed(source);
  }
  if (response.status === 404) return null;
  if (!response.ok) throw sourceFailed(source);
  try {
    return await response.json();
  } catch {
    throw sourceFailed(source);
  }
}
