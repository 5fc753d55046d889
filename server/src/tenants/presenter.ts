import type { TenantAnswer, TermsAnswer } from '@kindling/contract';
import type { TenantRow } from '../db/system.ts';
import { resolveBranding } from './branding.ts';
import { defaultTerms } from './defaults.ts';

export function presentTenant(row: TenantRow): TenantAnswer {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    branding: resolveBranding(row.name, row.branding),
  };
}

export function presentTerms(row: TenantRow): TermsAnswer {
  return (row.terms as TermsAnswer | null) ?? defaultTerms(row.name);
}
