import { z } from 'zod';
import { emailField, messages, passwordField } from './fields.ts';
import { FACULTY_ROLE_ID } from './limits.ts';

/** SPEC §5: letters and spaces (hyphens and apostrophes too, for names like O'Neil-Smith). */
const NAME_PATTERN = /^[\p{L}][\p{L} '\u2019-]*$/u;
export const LINKEDIN_PATTERN =
  /^https:\/\/([a-z]{2,3}\.)?(www\.)?linkedin\.com\/in\/[A-Za-z0-9\-_%.]{2,100}\/?$/;
export const SCHOLAR_PATTERN =
  /^https:\/\/scholar\.google\.[a-z.]{2,10}\/citations\?([A-Za-z0-9_=&%.-]*&)?user=[A-Za-z0-9_-]{6,20}(&[A-Za-z0-9_=&%.-]*)?$/;

/** The invitation forms' messages (SPEC §5), in the invite ('a') and request ('your') wording. */
export function invitationMessages(who: 'a' | 'your') {
  return {
    firstName: `Please enter ${who} first name.`,
    firstNameShort: `Please enter ${who} first name that is at least 2 characters.`,
    lastName: `Please enter ${who} last name.`,
    lastNameShort: `Please enter ${who} last name that is at least 2 characters.`,
    email: `Please enter ${who} email address.`,
    emailInvalid: messages.validEmail,
    role: `Please choose ${who === 'a' ? '' : 'your '}current involvement with the University.`,
    scholarInvalid: 'Please enter a valid Google Scholar URL.',
    linkedin: `Please enter ${who === 'a' ? 'a' : 'your'} LinkedIn URL.`,
    linkedinInvalid: 'Please enter a valid LinkedIn URL.',
  };
}

export const nameField = (required: string, short: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { message: required })
    .min(2, { message: short })
    .max(50, { message: short })
    .regex(NAME_PATTERN, { message: short });

// Role ids are smallint (CONTRACT §3: per tenant).
export const roleIdField = (message: string) =>
  z.coerce.number({ error: message }).int({ message }).min(1, { message }).max(32_767, { message });

/** A form's parsed output (null for an absent Scholar URL) must validate again on the server. */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/**
 * The invitation form (SPEC §5): Google Scholar only for faculty and optional, LinkedIn required
 * once a role is chosen. One schema serves the web form's resolver and the server's validation.
 */
export function invitationForm(who: 'a' | 'your') {
  const m = invitationMessages(who);
  return z
    .object({
      first_name: nameField(m.firstName, m.firstNameShort),
      last_name: nameField(m.lastName, m.lastNameShort),
      email: emailField(m.email, m.emailInvalid),
      role_id: roleIdField(m.role),
      google_scholar_url: z.preprocess(
        blankToUndefined,
        z.string().trim().regex(SCHOLAR_PATTERN, { message: m.scholarInvalid }).optional(),
      ),
      linkedin_url: z.preprocess(
        blankToUndefined,
        z
          .string({ error: m.linkedin })
          .trim()
          .regex(LINKEDIN_PATTERN, { message: m.linkedinInvalid }),
      ),
    })
    .transform((value) => ({
      ...value,
      google_scholar_url:
        value.role_id === FACULTY_ROLE_ID ? (value.google_scholar_url ?? null) : null,
    }));
}

export const requestInvitationBody = invitationForm('your');
export const inviteUserBody = invitationForm('a');
export type InvitationInput = z.input<typeof requestInvitationBody>;

export const createdAnswer = z.object({ id: z.number().int() });
export const requestInvitationAnswer = createdAnswer.extend({ message: z.string() });
export const messageAnswer = z.object({ message: z.string() });

/** SPEC §3 user details, with its own (camelCase) names as CONTRACT §3 keeps them. */
export const userDetails = z.object({
  id: z.string(),
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  roleId: z.number().int(),
  schoolName: z.string().nullable(),
  departmentName: z.string().nullable(),
  permissions: z.array(z.string()),
  isRememberSession: z.boolean(),
});
export type UserDetails = z.infer<typeof userDetails>;

export const sessionAnswer = z.object({
  user: userDetails,
  session: z.object({
    /** ISO 8601 instants. `auth_time` is when the password was checked. */
    issued_at: z.string(),
    auth_time: z.string(),
    expires_at: z.string(),
    /** The session's tenant: the web app signs out when it is not the tenant on screen (SPEC §4). */
    tenant_id: z.number().int(),
    /**
     * CONTRACT §11: the tenant requires a second factor of administrators and this one has none:
     * nothing but its setup is allowed (403 MFA_SETUP_REQUIRED) until it is on.
     */
    mfa_setup_required: z.boolean(),
  }),
});
export type SessionAnswer = z.infer<typeof sessionAnswer>;

export const signInMessages = {
  email: 'Please enter your email address.',
  password: 'Please enter your password.',
  userNotFound: 'User does not exist.',
  incorrect: 'Incorrect username or password.',
  wrongEnvironment:
    'You are trying to log in from the wrong environment. Please check your login link.',
  notApproved:
    'Your account is awaiting approval from an administrator and will be accessible once approved.',
  disabled: 'Your account has been disabled. Please contact your administrator.',
} as const;

export const signInBody = z.object({
  email: emailField(signInMessages.email),
  password: z
    .string({ error: signInMessages.password })
    .min(1, { message: signInMessages.password })
    .max(256, { message: signInMessages.password }),
  tenant_id: z.coerce.number().int().positive(),
  remember_session: z.boolean().optional().default(false),
});

export const forgotPasswordMessages = {
  email: 'Please enter your email address.',
  code: 'Please enter a 6-digit confirmation code.',
  password: messages.resetPassword,
  codeMismatch: 'Invalid verification code provided, please try again.',
  codeExpired: 'Invalid code provided, please request a code again.',
  attemptLimit: 'Attempt limit exceeded, please try after some time.',
  success: 'Password has been reset successfully',
} as const;

export const forgotPasswordBody = z.object({
  email: emailField(forgotPasswordMessages.email),
  tenant_id: z.coerce.number().int().positive(),
});
export const forgotPasswordAnswer = z.object({ destination: z.string() });

export const resetPasswordBody = z.object({
  email: emailField(forgotPasswordMessages.email),
  tenant_id: z.coerce.number().int().positive(),
  code: z.string({ error: forgotPasswordMessages.code }).regex(/^\d{6}$/, {
    message: forgotPasswordMessages.code,
  }),
  password: passwordField(forgotPasswordMessages.password),
});

export const claimBody = z.object({
  token: z.string().min(1).max(128),
  tenant_id: z.coerce.number().int().positive(),
  password: passwordField(),
});

/** SPEC §3 invited user record, with `account_id` in place of the identity service's id. */
export const invitedUserRecord = z.object({
  id: z.number().int(),
  tenant_id: z.number().int(),
  admin_status_id: z.number().int(),
  user_status_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  profile_image_url: z.string().nullable(),
  account_id: z.string().nullable(),
  role_id: z.number().int(),
  school_name: z.string().nullable(),
  department_name: z.string().nullable(),
  permissions: z.array(z.string()),
});
export type InvitedUserRecord = z.infer<typeof invitedUserRecord>;

export const userStatusBody = z.object({
  status: z.enum(['accept', 'decline'], { error: "status must be 'accept' or 'decline'." }),
});
export const USER_STATUS_UPDATED = 'Successfully updated the user_status_id.';

export const requestInvitationMessages = {
  tenantRequired: 'Tenant ID is required to request an invitation',
  success: 'Your invitation request has been received.',
} as const;
