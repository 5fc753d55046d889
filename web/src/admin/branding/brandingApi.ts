import type {
  BrandingAdminAnswer,
  BrandingOverrides,
  TenantSettings,
  TermsAdminAnswer,
  TermsAnswer,
} from '@kindling/contract';
import { api } from '../../api/client.ts';

export const brandingKey = ['admin', 'branding'] as const;
export const termsKey = ['admin', 'terms'] as const;

export const fetchBranding = (signal?: AbortSignal): Promise<BrandingAdminAnswer> =>
  api.get('/admin/branding', { signal });

export const saveBranding = (overrides: BrandingOverrides): Promise<BrandingAdminAnswer> =>
  api.put('/admin/branding', { body: overrides });

/** Stores a re-encoded copy and answers its URL; branding changes only when a save names it. */
export async function uploadLogo(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const answer = await api.post<{ logo: string }>('/admin/branding/logo', { body: form });
  return answer.logo;
}

export const fetchTerms = (signal?: AbortSignal): Promise<TermsAdminAnswer> =>
  api.get('/admin/terms', { signal });

export const saveTerms = (terms: TermsAnswer | null): Promise<TermsAdminAnswer> =>
  api.put('/admin/terms', { body: { terms } });

export const settingsKey = ['admin', 'settings'] as const;

export const fetchSettings = (signal?: AbortSignal): Promise<TenantSettings> =>
  api.get('/admin/settings', { signal });

export const saveSettings = (settings: TenantSettings): Promise<TenantSettings> =>
  api.put('/admin/settings', { body: settings });
