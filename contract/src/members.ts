import { z } from 'zod';
import { permissionNames } from './limits.ts';
import { filterText, positiveInt } from './query.ts';

/**
 * A member's standing as the console filters it. Pending, invited, active and declined leave out
 * disabled members, who are listed under `disabled` alone: one place to find who is locked out.
 */
export const memberStandings = ['pending', 'invited', 'active', 'declined', 'disabled'] as const;
export type MemberStanding = (typeof memberStandings)[number];

/** An optional id filter; `max` is what the column holds (role ids are smallint). */
const optionalId = (name: string, max = 2_147_483_647) =>
  z.preprocess((value) => (value === '' ? undefined : value), positiveInt(name, max).optional());

/** GET /admin/users's optional filters, added to CONTRACT §3's admin_status_id and paging. */
export const memberFilters = {
  q: filterText('q').describe('Part of a name or e-mail address, in any case'),
  status: z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .enum(memberStandings, { error: `status must be one of ${memberStandings.join(', ')}.` })
        .optional(),
    )
    .describe(
      'pending: awaiting approval; invited: approved, no password yet; active: approved, accepted, with a password; declined: by the administrator or the invitee; disabled: blocked from signing in. Only disabled lists disabled members.',
    ),
  role_id: optionalId('role_id', 32_767),
  school_id: optionalId('school_id'),
  department_id: optionalId('department_id'),
};

export const disabledBody = z.object({
  disabled: z.boolean({ error: 'disabled must be true or false.' }),
});

/** A new role, and optionally the permissions to hold with it, set in one change. */
export const roleBody = z.object({
  role_id: z
    .number({ error: 'Please choose a role.' })
    .int({ error: 'Please choose a role.' })
    .positive({ error: 'Please choose a role.' })
    .max(32_767, { error: 'Please choose a role.' }),
  permissions: z
    .array(z.enum(permissionNames, { error: `Permissions are ${permissionNames.join(', ')}.` }))
    .max(permissionNames.length)
    .transform((list) => [...new Set(list)])
    .optional(),
});

/** What an administrator cannot do to themselves, so a tenant never locks itself out. */
export const selfLockoutMessages = {
  disable: 'You cannot disable your own account.',
  decline: 'You cannot decline your own account.',
  admin: 'You cannot remove the admin permission from yourself.',
} as const;
