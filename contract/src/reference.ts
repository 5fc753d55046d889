import { z } from 'zod';
import { lookupNameBody } from './admin.ts';

/**
 * The console's reference data (schools, departments, support types, IP statuses, roles): every
 * entry, deactivated ones included, with how many people or ideas use it. Entries are never
 * deleted, only deactivated, so what people and ideas already name keeps its name.
 */
const entry = z.object({ id: z.number().int(), name: z.string(), is_active: z.boolean() });
const usedByPeople = { people: z.number().int() };
const usedByIdeas = { ideas: z.number().int() };

export const adminSchoolsAnswer = z.object({
  schools: z.array(entry.extend({ ...usedByPeople, ...usedByIdeas })),
});
export const adminDepartmentsAnswer = z.object({
  departments: z.array(
    entry.extend({ school_id: z.number().int(), ...usedByPeople, ...usedByIdeas }),
  ),
});
export const adminSupportAnswer = z.object({
  support_or_partnership: z.array(entry.extend(usedByIdeas)),
});
export const adminIpStatusAnswer = z.object({ ip_statuses: z.array(entry.extend(usedByIdeas)) });

/** The icons a role may show; the web draws each, and anything else as a person. */
export const roleIcons = ['student', 'faculty', 'staff', 'industry', 'person'] as const;
export type RoleIcon = (typeof roleIcons)[number];

export const adminRolesAnswer = z.object({
  roles: z.array(
    z.object({ id: z.number().int(), name: z.string(), icon: z.string(), ...usedByPeople }),
  ),
});

const nothingToChange = { message: 'Send a new name or a change of is_active.' };

/** PUT /admin/schools/{id} and its siblings: rename, deactivate or reactivate. */
export const referenceUpdateBody = z
  .object({
    name: lookupNameBody.shape.name.optional(),
    is_active: z.boolean({ error: 'is_active must be true or false.' }).optional(),
  })
  .refine((body) => body.name !== undefined || body.is_active !== undefined, nothingToChange);

export const roleUpdateBody = z
  .object({
    name: z
      .string({ error: 'Name is required.' })
      .trim()
      .min(1, { message: 'Name is required.' })
      .max(50, { message: 'Name must be at most 50 characters.' })
      .optional(),
    icon: z.enum(roleIcons, { error: `Icon is one of ${roleIcons.join(', ')}.` }).optional(),
  })
  .refine((body) => body.name !== undefined || body.icon !== undefined, {
    message: 'Send a new name or icon.',
  });

export type AdminSchools = z.infer<typeof adminSchoolsAnswer>;
export type AdminDepartments = z.infer<typeof adminDepartmentsAnswer>;
export type AdminSupport = z.infer<typeof adminSupportAnswer>;
export type AdminIpStatuses = z.infer<typeof adminIpStatusAnswer>;
export type AdminRoles = z.infer<typeof adminRolesAnswer>;
export type ReferenceUpdate = z.infer<typeof referenceUpdateBody>;
export type RoleUpdate = z.infer<typeof roleUpdateBody>;
