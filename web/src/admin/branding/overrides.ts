import type { Branding, BrandingOverrides } from '@kindling/contract';

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Texts as they are saved: trimmed, and lists without their empty lines. */
function tidy(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(tidy).filter((line) => line !== '');
  return value;
}

function diff(draft: Plain, defaults: Plain): Plain {
  const out: Plain = {};
  for (const [key, value] of Object.entries(draft)) {
    const base = defaults[key];
    if (isPlain(value) && isPlain(base)) {
      const inner = diff(value, base);
      if (Object.keys(inner).length) out[key] = inner;
      continue;
    }
    const saved = tidy(value);
    if (JSON.stringify(saved) !== JSON.stringify(base)) out[key] = saved;
  }
  return out;
}

/**
 * The overrides to save: only what differs from the defaults, so a value put back to its default
 * follows later improvements of the default again (docs/decisions/0006).
 */
export function overridesOf(draft: Branding, defaults: Branding): BrandingOverrides {
  return diff(draft as unknown as Plain, defaults as unknown as Plain) as BrandingOverrides;
}

/** Where a server detail's field points in the form: a list's line is the list's field. */
export function formFieldOf(field: string): string {
  return field.replace(/\.\d+$/, '');
}
