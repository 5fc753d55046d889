/** A run of a comment's text: words as they are, or a web address to be shown as a link. */
export type TextRun = { text: string } | { text: string; href: string };

const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than an address: "see https://x.org." */
const TRAILING = /[.,;:!?)\]}'"]+$/;

/**
 * Splits plain text into text and links, for rendering as React text and anchors: never as HTML,
 * so a comment cannot inject markup. Only http and https addresses become links (a bare `www.`
 * gets https); anything else, `javascript:` included, stays text.
 */
export function linkify(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const raw = match[0].replace(TRAILING, '');
    const start = match.index;
    const href = safeHref(raw);
    if (!href) continue;
    if (start > last) runs.push({ text: text.slice(last, start) });
    runs.push({ text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) runs.push({ text: text.slice(last) });
  return runs;
}

function safeHref(raw: string): string | null {
  const candidate = /^www\./i.test(raw) ? `https://${raw}` : raw;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
