/**
 * WCAG 2.x contrast of the branding's colour pairs. The branding editor warns with it while a
 * colour is picked, and the server refuses a save that fails it: every screen must stay AA.
 */

/** WCAG AA for normal-size text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** `#rgb` or `#rrggbb`, the only colour forms branding accepts. */
export const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a hex colour, or null for anything that is not one. */
export function luminance(hex: string): number | null {
  if (!HEX_COLOUR.test(hex)) return null;
  const digits =
    hex.length === 4
      ? [...hex.slice(1)].map((d) => d + d)
      : [hex.slice(1, 3), hex.slice(3, 5), hex.slice(5, 7)];
  const [r, g, b] = digits.map((d) => channel(Number.parseInt(d, 16))) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two hex colours (1 to 21), or null when either is not one. */
export function contrastRatio(a: string, b: string): number | null {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Pairs the app draws as text (`text`) on a surface (`on`); each must reach AA. */
export const contrastPairs = [
  { text: 'color-on-primary', on: 'color-primary', where: 'button text on the primary colour' },
  {
    text: 'color-on-primary',
    on: 'color-primary-hover',
    where: 'button text on the primary hover colour',
  },
  { text: 'color-primary', on: 'color-surface', where: 'links on cards' },
  { text: 'color-primary', on: 'color-background', where: 'links on the page background' },
  { text: 'color-text', on: 'color-surface', where: 'text on cards' },
  { text: 'color-text', on: 'color-background', where: 'text on the page background' },
  { text: 'color-muted', on: 'color-surface', where: 'secondary text on cards' },
  { text: 'color-muted', on: 'color-background', where: 'secondary text on the page background' },
  { text: 'color-danger', on: 'color-surface', where: 'error messages' },
  { text: 'color-success', on: 'color-surface', where: 'success messages' },
] as const;

export interface ContrastProblem {
  text: string;
  on: string;
  ratio: number;
  message: string;
}

/** Rounded down, so a ratio shown as 4.50 really reaches 4.5. */
const shown = (ratio: number) => (Math.floor(ratio * 100) / 100).toFixed(2);

/** Every pair of a complete styles map below AA; pairs with a colour that is not hex are skipped. */
export function contrastProblems(styles: Record<string, string | undefined>): ContrastProblem[] {
  const problems: ContrastProblem[] = [];
  for (const pair of contrastPairs) {
    const ratio = contrastRatio(styles[pair.text] ?? '', styles[pair.on] ?? '');
    if (ratio === null || ratio >= MIN_TEXT_CONTRAST) continue;
    problems.push({
      ...pair,
      ratio,
      message: `The contrast of ${pair.where} is ${shown(ratio)}:1; it must be at least ${MIN_TEXT_CONTRAST}:1.`,
    });
  }
  return problems;
}
