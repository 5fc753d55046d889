import { z } from 'zod';

/** SPEC §5 validation rules and their messages, shared by server validation and web forms. */
export const messages = {
  password:
    'Min 8 characters and include 1 number, 1 special character, and 1 uppercase and 1 lowercase',
  resetPassword: 'Please provide the password as per above guidelines',
  validEmail: 'Please enter a valid email address.',
} as const;

const SPECIAL = /[!@#$%^&*(),.?":{}|<>]/;

export function isStrongPassword(value: string): boolean {
  return (
    value.length >= 8 &&
    /\d/.test(value) &&
    SPECIAL.test(value) &&
    /[A-Z]/.test(value) &&
    /[a-z]/.test(value)
  );
}

/** SPEC §5 e-mail: something, @, something, a dot, something. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const passwordField = (message: string = messages.password) =>
  z.string({ error: message }).refine(isStrongPassword, { message });

export const emailField = (required: string, invalid: string = messages.validEmail) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { message: required })
    .max(254, { message: invalid })
    .regex(EMAIL_PATTERN, { message: invalid });

/**
 * The password a sensitive change asks for again (mfa, passkeys, erasure). Optional: a member
 * without one (single sign-on) proves it is them by a recent sign-in instead.
 */
export const confirmingPassword = (words: { password: string; passwordIncorrect: string }) =>
  z.string({ error: words.password }).max(256, { message: words.passwordIncorrect }).optional();
