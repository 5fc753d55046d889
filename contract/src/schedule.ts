import { z } from 'zod';

/** The tenant's time zone until an administrator chooses one. */
export const DEFAULT_TIME_ZONE = 'UTC';
export const TIME_ZONE_MESSAGE =
  'Time zone must be an IANA time zone name, such as Europe/Berlin or America/New_York.';

/**
 * The canonical IANA name of a time zone this runtime knows (`europe/paris` → `Europe/Paris`,
 * `US/Eastern` → `America/New_York`), or null for anything else.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!name || name.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** GET and PUT /admin/settings: the tenant's settings that are not branding. */
export const tenantSettings = z.object({
  time_zone: z
    .string({ error: TIME_ZONE_MESSAGE })
    .trim()
    .refine((name) => canonicalTimeZone(name) !== null, { error: TIME_ZONE_MESSAGE }),
});
export type TenantSettings = z.infer<typeof tenantSettings>;

export const digestFrequencies = ['daily', 'weekly'] as const;
export const DIGEST_FREQUENCY_MESSAGE = 'frequency must be daily or weekly.';

/** POST /admin/digests: that frequency's digests of the tenant, at once, as if due now. */
export const digestBody = z.object({
  frequency: z.enum(digestFrequencies, { error: DIGEST_FREQUENCY_MESSAGE }),
});
export const digestAnswer = z.object({ sent: z.number().int() });
