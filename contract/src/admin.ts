import { z } from 'zod';
import { emailField } from './fields.ts';
import {
  invitationMessages,
  LINKEDIN_PATTERN,
  nameField,
  roleIdField,
  SCHOLAR_PATTERN,
} from './identity.ts';
import { FACULTY_ROLE_ID, permissionNames } from './limits.ts';
import { memberFilters } from './members.ts';
import { pagination } from './query.ts';

const statusId = z.coerce
  .number({ error: 'admin_status_id must be 1, 2 or 3.' })
  .int({ error: 'admin_status_id must be 1, 2 or 3.' })
  .min(1, { error: 'admin_status_id must be 1, 2 or 3.' })
  .max(3, { error: 'admin_status_id must be 1, 2 or 3.' });

export const adminUsersQuery = pagination.extend({
  admin_status_id: statusId.optional(),
  ...memberFilters,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

export const adminUser = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role_id: z.number().int(),
  role_name: z.string(),
  school_id: z.number().int().nullable(),
  school_name: z.string().nullable(),
  department_id: z.number().int().nullable(),
  department_name: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  google_scholar_url: z.string().nullable(),
  admin_status_id: z.number().int(),
  user_status_id: z.number().int(),
  has_account: z.boolean(),
  is_disabled: z.boolean(),
  permissions: z.array(z.string()),
  invited_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUsersAnswer = z.object({
  users: z.array(adminUser),
  page: z.number().int(),
  total_pages: z.number().int(),
  total_count: z.number().int(),
});

/** Ids fit the database's integer; a larger one is a 400 here rather than an error there. */
const MAX_ID = 2_147_483_647;

const optionalId = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce.number().int().positive().max(MAX_ID).optional(),
);
const m = invitationMessages('a');
const optionalUrl = (pattern: RegExp, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().regex(pattern, { message }).optional(),
  );

/** An administrator creates a profile the person then claims (CONTRACT §3 POST /admin/users). */
export const createProfileBody = z
  .object({
    first_name: nameField(m.firstName, m.firstNameShort),
    last_name: nameField(m.lastName, m.lastNameShort),
    email: emailField(m.email, m.emailInvalid),
    role_id: roleIdField(m.role),
    school_id: optionalId,
    department_id: optionalId,
    linkedin_url: optionalUrl(LINKEDIN_PATTERN, m.linkedinInvalid),
    google_scholar_url: optionalUrl(SCHOLAR_PATTERN, m.scholarInvalid),
  })
  .transform((value) => ({
    ...value,
    google_scholar_url: value.role_id === FACULTY_ROLE_ID ? value.google_scholar_url : undefined,
  }));

export const approvalBody = z.object({
  admin_status_id: z.union([z.literal(2), z.literal(3)], {
    error: 'admin_status_id must be 2 (approve) or 3 (decline).',
  }),
});

export const permissionsBody = z.object({
  permissions: z
    .array(z.enum(permissionNames, { error: `Permissions are ${permissionNames.join(', ')}.` }))
    .max(permissionNames.length)
    .transform((list) => [...new Set(list)]),
});

const lookupName = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, { message: 'Name is required.' })
  .max(100, { message: 'Name must be at most 100 characters.' });

export const lookupNameBody = z.object({ name: lookupName });
export const departmentBody = z.object({
  name: lookupName,
  school_id: z.coerce
    .number({ error: 'School is required.' })
    .int({ error: 'School is required.' })
    .positive({ error: 'School is required.' })
    .max(MAX_ID, { error: 'School is required.' }),
});
