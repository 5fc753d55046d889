import { limits } from '@kindling/contract';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Excerpts are made by ts_headline around sentinel characters, then escaped here: the database
 * marks matches with U+0001/U+0002 and separates fragments with U+0003, and stands U+0004–U+0006
 * for `<`, `>` and `&`, which its parser would otherwise take for tags and entities and drop. The
 * source text loses any of those six characters first, so nothing typed can forge a mark.
 */
const START = '\u0001';
const STOP = '\u0002';
const FRAGMENT = '\u0003';
const STANDS_FOR: Record<string, string> = { '\u0004': '<', '\u0005': '>', '\u0006': '&' };

/** The text of `source` as ts_headline is given it (sentinels removed, `<>&` stood for). */
const headlineSource = (source: SQL) =>
  sql`translate(${source}, '<>&' || chr(1) || chr(2) || chr(3) || chr(4) || chr(5) || chr(6),
    chr(4) || chr(5) || chr(6))`;

/** Text of a sanitised bio without its tags and with its common entities decoded. */
export const bioText = (bio: SQL) =>
  sql`replace(replace(replace(replace(replace(replace(
    regexp_replace(${bio}, '<[^>]*>', ' ', 'g'),
    '&nbsp;', ' '), '&quot;', '"'), '&#39;', ''''), '&lt;', '<'), '&gt;', '>'), '&amp;', '&')`;

/** The raw excerpts of `source` for `query` (a tsquery expression), at most three fragments. */
export const headline = (source: SQL, query: SQL) =>
  sql`ts_headline('public.kindling', ${headlineSource(source)}, ${query},
    'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', FragmentDelimiter=' || chr(3)
      || ', MaxFragments=${sql.raw(String(limits.highlights))}, MaxWords=24, MinWords=8')`;

const ESCAPES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeChar = (c: string) => {
  const original = STANDS_FOR[c] ?? c;
  return ESCAPES[original] ?? original;
};
/** Only these characters change; a page's excerpts were 8 % of its server time a character at a time. */
const SPECIAL = new RegExp(`[<>&"'${Object.keys(STANDS_FOR).join('')}]`, 'g');
const escapeHtml = (text: string) => text.replace(SPECIAL, escapeChar);

/**
 * One excerpt as HTML of at most `max` characters: text escaped, matches in `<mark>`. A cut never
 * splits an entity or a mark; a cut excerpt ends with an ellipsis.
 */
function excerpt(raw: string, max: number): string {
  const ellipsis = '…';
  let out = '';
  let cut = false;
  // Alternating plain and marked runs: odd indexes were between START and STOP.
  const runs = raw.split(new RegExp(`[${START}${STOP}]`));
  for (let index = 0; index < runs.length && !cut; index++) {
    const run = (runs[index] ?? '').replace(/\s+/g, ' ');
    if (index % 2 === 1) {
      const marked = `<mark>${escapeHtml(run)}</mark>`;
      if (out.length + marked.length + ellipsis.length > max) cut = true;
      else out += marked;
      continue;
    }
    const escaped = escapeHtml(run);
    if (out.length + escaped.length + ellipsis.length <= max) {
      out += escaped;
      continue;
    }
    // The cut: as many characters as fit, never half an entity.
    cut = true;
    for (const char of run) {
      const one = escapeChar(char);
      if (out.length + one.length + ellipsis.length > max) break;
      out += one;
    }
  }
  const text = out.trim();
  // The text between an idea's fields is ' … ' (ideas/keyword.ts): a cut there has its ellipsis.
  return cut && !text.endsWith(ellipsis) ? `${text}${ellipsis}` : text;
}

/**
 * The highlights of a result (CONTRACT §7): the fragments that hold a match, at most three, each at
 * most 200 characters, matches in `<mark>`, every other character escaped.
 */
export function highlightsOf(raw: string | null | undefined): string[] {
  if (!raw) return [];
  return raw
    .split(FRAGMENT)
    .filter((fragment) => fragment.includes(START))
    .slice(0, limits.highlights)
    .map((fragment) => excerpt(fragment, limits.highlightChars));
}
