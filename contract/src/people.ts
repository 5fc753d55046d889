import { z } from 'zod';
import { filterText, optionalSearchText, pagination } from './query.ts';

/**
 * An id filter as the screens send it: one id or a comma-joined list (SPEC §7), at most 100; an
 * empty value is no filter. `max` is the largest id the column can hold (roles are smallint).
 */
const idList = (name: string, max = 2_147_483_647) => {
  const message = `${name} must be an id or a comma-separated list of ids.`;
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .trim()
      .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, { message })
      .transform((value) => [...new Set(value.split(',').map(Number))])
      .refine((ids) => ids.every((id) => id > 0 && id <= max), { message })
      .optional(),
  );
};

const personFilters = {
  user_id: idList('user_id'),
  role_id: idList('role_id', 32_767),
  school_id: idList('school_id'),
  department_id: idList('department_id'),
  q: optionalSearchText,
};

/** GET /users/count: the directory's filters (SPEC §3 user list filters). */
export const peopleFilterQuery = z.object(personFilters);
export type PeopleFilter = z.infer<typeof peopleFilterQuery>;

/**
 * GET /users: the directory's filters, a page, and name order (asc by default, SPEC §9); with `q`
 * and no `sort_order` the order is relevance (CONTRACT §7).
 */
export const peopleQuery = pagination.extend({
  ...personFilters,
  sort_order: z.enum(['asc', 'desc'], { error: "sort_order must be 'asc' or 'desc'." }).optional(),
});
export type PeopleQuery = z.infer<typeof peopleQuery>;

/** GET /filter/users: the directory filters plus `q`, part of a name in any case. */
export const peoplePickerQuery = peopleFilterQuery.extend({
  q: filterText('q'),
});
export type PeoplePickerQuery = z.infer<typeof peoplePickerQuery>;

export const experienceEntry = z.object({
  title: z.string(),
  organization: z.string(),
  employment_type: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  description: z.string(),
});
export type ExperienceEntry = z.infer<typeof experienceEntry>;

/** Where a member stands in their institution, as a card and a profile both show it. */
export const memberPlace = {
  role_id: z.number().int(),
  role_name: z.string(),
  role_icon: z.string(),
  school_id: z.number().int().nullable(),
  school_name: z.string().nullable(),
  department_id: z.number().int().nullable(),
  department_name: z.string().nullable(),
};

/** A person card of the directory (SPEC §2 People): the few most recent experiences. */
export const personCard = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  headline: z.string(),
  ...memberPlace,
  profile_image_url: z.string().nullable(),
  experiences: z.array(experienceEntry),
});
export type PersonCard = z.infer<typeof personCard>;

export const peoplePage = z.object({
  users: z.array(personCard),
  page: z.number().int(),
  total_pages: z.number().int(),
});

export const peopleCountAnswer = z.object({ total_count: z.number().int() });

export const peoplePickerAnswer = z.object({
  users: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** How many experiences a person card shows. */
export const CARD_EXPERIENCES = 3;
