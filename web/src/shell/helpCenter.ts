import type { Branding } from '@kindling/contract';

/** The Help Center's pre-filled e-mail to the tenant's support contact (SPEC §1). */
export function helpCenterHref(branding: Pick<Branding, 'supportEmail' | 'helpCenter'>): string {
  return `mailto:${branding.supportEmail}?subject=${encodeURIComponent(branding.helpCenter.subject)}`;
}
