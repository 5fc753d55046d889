import type { Branding } from '@kindling/contract';
import { defaultBranding } from './defaults.ts';

type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Overrides replace defaults key by key; arrays and strings replace whole; unknown keys are dropped. */
function merge(base: Plain, overrides: Plain, openKeys: boolean): Plain {
  const out: Plain = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (!openKeys && !(key in base)) continue;
    const current = base[key];
    if (isPlain(current) && isPlain(value)) out[key] = merge(current, value, key === 'styles');
    else if (typeof value === typeof current || (openKeys && typeof value === 'string'))
      out[key] = value;
  }
  return out;
}

/** Every key of a tenant's branding has a default (CONTRACT §3); stored overrides win. */
export function resolveBranding(tenantName: string, overrides: unknown): Branding {
  const base = defaultBranding(tenantName) as unknown as Plain;
  return merge(base, isPlain(overrides) ? overrides : {}, false) as unknown as Branding;
}
