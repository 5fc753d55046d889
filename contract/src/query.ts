import { z } from 'zod';
import { limits } from './limits.ts';

/**
 * A whole number from 1 to `max` (by default what the database's integer holds) as it arrives in a
 * path, query string or body, every failure saying `<name> must be a positive integer.`
 */
export function positiveInt(name: string, max = 2_147_483_647) {
  const error = `${name} must be a positive integer.`;
  return z.coerce.number({ error }).int({ error }).min(1, { error }).max(max, { error });
}

/**
 * A tenant id as it arrives in a query string or body: a positive integer that fits the database's
 * integer, so a larger one is a 400 here rather than an out-of-range error there.
 */
export const tenantIdParam = positiveInt('tenant_id');

/** The `{id}` of a path: a positive integer that fits the database's integer, like tenant_id. */
export const idParam = z.object({ id: positiveInt('id') });

export const booleanParam = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Page numbers start at 1; page size is at most 100 (CONTRACT §5), 10 when not given. */
export const pagination = z.object({
  page: positiveInt('page', 1_000_000).default(1),
  page_size: z.coerce
    .number({ error: 'page_size must be an integer from 1 to 100.' })
    .int({ error: 'page_size must be an integer from 1 to 100.' })
    .min(1, { error: 'page_size must be an integer from 1 to 100.' })
    .max(100, { error: 'page_size must be an integer from 1 to 100.' })
    .default(10),
});

export const pageOf = <T extends z.ZodType>(key: string, item: T) =>
  z.object({ [key]: z.array(item), page: z.number().int(), total_pages: z.number().int() });

/**
 * Free text typed into a filter or search: trimmed, at most 100 characters, and never a NUL, which
 * PostgreSQL text cannot hold (it would fail the query instead of finding nothing).
 */
export const filterText = (name: string) =>
  z
    .string()
    .trim()
    .max(100, { message: `${name} must be at most 100 characters.` })
    .refine((value) => !value.includes('\u0000'), { message: `${name} must be plain text.` })
    .optional();

const searchRequired = 'q is required.';
const searchTooLong = `q must be at most ${limits.searchText} characters.`;

/**
 * The keyword of CONTRACT §7: trimmed, 1 to 200 characters, never a NUL (PostgreSQL text cannot
 * hold one). A `q` of only punctuation or operators is valid and matches nothing.
 */
export const searchText = z
  .string({ error: searchRequired })
  .trim()
  .min(1, { error: searchRequired })
  .max(limits.searchText, { error: searchTooLong })
  .refine((value) => !value.includes('\u0000'), { error: 'q must be plain text.' });

/** `q` on the idea and people lists and counts: absent is no keyword; present must be valid. */
export const optionalSearchText = searchText.optional();
