import { createHash } from 'node:crypto';

/**
 * Each named statement stays prepared in every pooled connection and in the embedded database, so
 * only this many texts get a name; the hot queries are a few dozen, and any text past the cap
 * simply runs unnamed.
 */
const MAX_NAMED_STATEMENTS = 500;
const statementNames = new Map<string, string>();

/** The name a statement's text is prepared under, the same in every connection; none past the cap. */
export function statementName(text: string): string | undefined {
  const known = statementNames.get(text);
  if (known || statementNames.size >= MAX_NAMED_STATEMENTS) return known;
  const name = `k_${createHash('sha1').update(text).digest('base64url')}`;
  statementNames.set(text, name);
  return name;
}
