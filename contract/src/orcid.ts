/**
 * An ORCID iD as ORCID checks it: four groups of four, the last character an ISO 7064 MOD 11-2
 * check character over the first fifteen digits (`X` standing for 10). A pasted `https://orcid.org/`
 * form is accepted and kept bare. Null when the text is not a valid iD.
 */
export function normaliseOrcid(value: string): string | null {
  const bare = value
    .trim()
    .replace(/^(https?:\/\/)?(www\.)?orcid\.org\//i, '')
    .toUpperCase();
  if (!/^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/.test(bare)) return null;
  const digits = bare.replace(/-/g, '');
  let total = 0;
  for (const digit of digits.slice(0, 15)) total = (total + Number(digit)) * 2;
  const check = (12 - (total % 11)) % 11;
  return digits[15] === (check === 10 ? 'X' : String(check)) ? bare : null;
}

export const orcidUrl = (orcid: string) => `https://orcid.org/${orcid}`;
