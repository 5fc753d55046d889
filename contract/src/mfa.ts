import { z } from 'zod';
import { confirmingPassword } from './fields.ts';
import { mfaMessages, mfaMethods } from './mfaMessages.ts';

/** `POST /auth/mfa/totp`: a new authenticator's secret, to type or to scan as `otpauth_url`. */
export const totpSetupAnswer = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TotpSetupAnswer = z.infer<typeof totpSetupAnswer>;

const sixDigits = z
  .string({ error: mfaMessages.code })
  .trim()
  .regex(/^\d{6}$/, { message: mfaMessages.code });

/** `POST /auth/mfa/totp/enable`: the code the app shows, proving it holds the secret. */
export const totpEnableBody = z.object({ code: sixDigits });
export type TotpEnableBody = z.infer<typeof totpEnableBody>;

/** Ten single-use codes, shown once. */
export const recoveryCodesAnswer = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodesAnswer>;

/**
 * `DELETE /auth/mfa/totp`: the member's password; a member without one (single sign-on) sends none
 * and must have signed in within the last 5 minutes.
 */
export const totpDisableBody = z.object({
  password: confirmingPassword(mfaMessages),
});
export type TotpDisableBody = z.infer<typeof totpDisableBody>;

/** `GET /auth/mfa`: what the account screen shows of the member's second factor. */
export const mfaStatusAnswer = z.object({
  totp: z.boolean(),
  recovery_codes_left: z.number().int(),
  /** False for a member who signs in only through their institution: turning off needs no password. */
  has_password: z.boolean(),
});
export type MfaStatusAnswer = z.infer<typeof mfaStatusAnswer>;

/** `POST /auth/sign-in` for an account with a second factor and a right password. */
export const mfaStepAnswer = z.object({
  next_step: z.literal('MFA'),
  /** Handed back with the code; lives 3 minutes and dies after 5 wrong codes. */
  challenge: z.string(),
  methods: z.array(z.enum(mfaMethods)),
});
export type MfaStepAnswer = z.infer<typeof mfaStepAnswer>;

/** `POST /auth/sign-in/mfa`: a 6-digit code or a recovery code (`xxxxx-xxxxx`, any case). */
export const signInMfaBody = z.object({
  challenge: z.string({ error: mfaMessages.challengeExpired }).min(1).max(128),
  code: z
    .string({ error: mfaMessages.codeOrRecovery })
    .trim()
    .min(1, { message: mfaMessages.codeOrRecovery })
    .max(32, { message: mfaMessages.codeOrRecovery }),
  tenant_id: z.coerce.number().int().positive(),
});
export type SignInMfaBody = z.infer<typeof signInMfaBody>;

/** `GET` and `PUT /admin/security`. */
export const adminSecurity = z.object({
  require_mfa_for_admins: z.boolean({ error: 'require_mfa_for_admins must be true or false.' }),
});
export type AdminSecurity = z.infer<typeof adminSecurity>;
