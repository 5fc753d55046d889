import type { Branding } from '@kindling/contract';

/** Style keys are CSS custom property names without the dashes: letters, digits and hyphens. */
const STYLE_KEY = /^[a-z][a-z0-9-]*$/i;

/**
 * Themes the page for one tenant: each `branding.styles` entry becomes a custom property on the
 * root element, and the document takes the product's name. Returns a function that undoes both,
 * for when the tenant changes or goes away.
 */
export function applyBranding(
  branding: Pick<Branding, 'styles' | 'productName'>,
  doc: Document = document,
): () => void {
  const root = doc.documentElement;
  const applied: string[] = [];
  for (const [key, value] of Object.entries(branding.styles)) {
    if (!STYLE_KEY.test(key)) continue;
    const property = `--${key}`;
    root.style.setProperty(property, value);
    applied.push(property);
  }
  const previousTitle = doc.title;
  if (branding.productName) doc.title = branding.productName;
  return () => {
    for (const property of applied) root.style.removeProperty(property);
    doc.title = previousTitle;
  };
}
