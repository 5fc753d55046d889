/**
 * A DOI as Kindling keeps it: lower case (DOIs are case-insensitive), without a resolver prefix
 * (`https://doi.org/`, `doi:`), so that one work pasted, imported or typed three ways is one DOI
 * (CONTRACT §10 duplicate detection). Null when the text is not a DOI: `10.`, a registrant code of
 * four to nine digits (dot-separated sub-codes allowed), a slash and a suffix.
 */
export function normaliseDoi(value: string): string | null {
  const bare = value
    .trim()
    .replace(/^(https?:\/\/)?(dx\.)?doi\.org\//i, '')
    .replace(/^doi:\s*/i, '')
    .toLowerCase();
  return /^10\.\d{4,9}(\.\d+)*\/\S+$/.test(bare) && bare.length <= 300 ? bare : null;
}

/** Where a DOI resolves for a reader; a `#` or `?` in its suffix is escaped, not a URL's. */
export const doiUrl = (doi: string) =>
  `https://doi.org/${doi.split('/').map(encodeURIComponent).join('/')}`;
