/** A run of an excerpt's text: matched (inside `<mark>`) or not. */
export interface HighlightPart {
  text: string;
  marked: boolean;
}

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** The server's escapes put back: `&amp;lt;` is the text `&lt;`, so it is read in one pass. */
const unescapeEntities = (text: string) =>
  text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity] ?? entity);

/**
 * An excerpt of `highlights[]` (CONTRACT §7: matched words in `<mark>`…`</mark>`, everything else
 * HTML-escaped) as plain runs of text, for React to render as text nodes and `<mark>` elements.
 * Nothing of it is ever parsed as HTML: any other tag stays visible text, and an unclosed
 * `<mark>` marks to the end.
 */
export function parseHighlight(excerpt: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let marked = false;
  for (const piece of excerpt.split(/(<mark>|<\/mark>)/)) {
    if (piece === '<mark>' || piece === '</mark>') {
      marked = piece === '<mark>';
      continue;
    }
    if (piece === '') continue;
    const text = unescapeEntities(piece);
    const last = parts.at(-1);
    if (last && last.marked === marked) last.text += text;
    else parts.push({ text, marked });
  }
  return parts;
}
