/**
 * The style values branding accepts, as plain constants: the console's editor reads them without
 * loading the schemas (and zod) of brandingAdmin.ts.
 */
/** The colours the app's stylesheets read, as `branding.styles` keys. */
export const brandColourKeys = [
  'color-primary',
  'color-primary-hover',
  'color-on-primary',
  'color-accent',
  'color-text',
  'color-muted',
  'color-background',
  'color-surface',
  'color-border',
  'color-danger',
  'color-success',
] as const;
export type BrandColourKey = (typeof brandColourKeys)[number];

export const brandFontKeys = ['font-body', 'font-heading'] as const;

/** Corner radii the editor offers; nothing else is accepted. */
export const brandRadii = ['0', '4px', '8px', '12px', '16px'] as const;

/**
 * Font stacks of fonts found on most systems (the app loads no web fonts): the editor offers these
 * besides the defaults. Any other stack must still match the safe pattern below.
 */
export const fontPresets: readonly { name: string; stack: string }[] = [
  {
    name: 'Humanist sans-serif',
    stack: "Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, sans-serif",
  },
  {
    name: 'Geometric sans-serif',
    stack: "Avenir, Montserrat, Corbel, 'URW Gothic', source-sans-pro, sans-serif",
  },
  {
    name: 'Old-style serif',
    stack: "'Iowan Old Style', 'Palatino Linotype', 'URW Palladio L', P052, serif",
  },
  {
    name: 'Transitional serif',
    stack: "Charter, 'Bitstream Charter', 'Sitka Text', Cambria, serif",
  },
  {
    name: 'Monospace',
    stack: "ui-monospace, 'Cascadia Code', 'Source Code Pro', Menlo, Consolas, monospace",
  },
];

/** One family of a stack: an identifier sequence (`ui-serif`, `-apple-system`) or a quoted name. */
const FONT_FAMILY =
  /^(?:-?[A-Za-z][A-Za-z0-9-]*(?: [A-Za-z0-9-]+)*|'[A-Za-z0-9 -]+'|"[A-Za-z0-9 -]+")$/;
const FONT_STACK_MAX = 300;

/** A font-family list with nothing a stylesheet could read as anything but names. */
export function isSafeFontStack(value: string): boolean {
  return (
    value.length <= FONT_STACK_MAX &&
    value.split(',').every((family) => FONT_FAMILY.test(family.trim()))
  );
}

/** `#ABC` and `#aabbcc` alike become `#aabbcc`, the form a colour input shows. */
export function normaliseHex(value: string): string {
  const hex = value.toLowerCase();
  return hex.length === 4 ? `#${[...hex.slice(1)].map((d) => d + d).join('')}` : hex;
}

export const brandTextLimits = { productName: 80, navLabel: 40, label: 60, text: 1000, items: 12 };

/** How long a branding text at `path` may be: labels must fit a button or a menu. */
export function brandTextMax(path: string): number {
  if (path === 'productName') return brandTextLimits.productName;
  if (path.startsWith('navLabels.')) return brandTextLimits.navLabel;
  if (/(?:[bB]utton|Link|label|Label|Prompt)$/.test(path)) return brandTextLimits.label;
  return brandTextLimits.text;
}
