import { type PublicationEntry, scholarlyMessages } from '@kindling/contract';
import { badRequest } from '../http/errors.ts';
import { list, obj, str } from './sources/json.ts';

/**
 * The formats tried, each parser forced: citation-js would otherwise guess the input's type, and
 * one of its guesses is a URL to fetch.
 */
const FORMATS = ['@bibtex/text', '@ris/file'] as const;

const authorName = (author: unknown) => {
  const a = obj(author);
  return [str(a.given), str(a.family)].filter(Boolean).join(' ') || str(a.literal);
};

/** A CSL-JSON item (what citation-js makes of either format) as a publication. */
function publicationOf(item: unknown): PublicationEntry {
  const csl = obj(item);
  const year = list(list(obj(csl.issued)['date-parts'])[0])[0];
  return {
    title: str(csl.title),
    authors: list(csl.author).map(authorName).filter(Boolean).join(', '),
    year: typeof year === 'number' ? year : Number.parseInt(str(year), 10) || null,
    citations: null,
    doi: str(csl.DOI) || null,
    venue: str(csl['container-title']),
    url: str(csl.URL) || null,
  };
}

/**
 * citation-js and its two formats are loaded by the first file read rather than at start: they
 * held about 3 MB in every server for a rare upload (decision 0048).
 */
async function citationJs() {
  const [{ plugins }] = await Promise.all([
    import('@citation-js/core'),
    import('@citation-js/plugin-bibtex'),
    import('@citation-js/plugin-ris'),
  ]);
  return plugins;
}

/**
 * The publications of a BibTeX or RIS file, in the file's order, with LaTeX already turned into
 * text by the parser; a file that is neither is a 400.
 */
export async function readReferenceFile(text: string): Promise<PublicationEntry[]> {
  const plugins = await citationJs();
  for (const forceType of FORMATS) {
    let items: unknown[];
    try {
      items = plugins.input.chain(text, { forceType, generateGraph: false });
    } catch {
      continue;
    }
    if (items.length > 0) return items.map(publicationOf);
  }
  throw badRequest(scholarlyMessages.fileUnreadable, [
    { field: 'file', error: scholarlyMessages.fileUnreadable },
  ]);
}
