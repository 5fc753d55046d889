import type {
  forgotPasswordAnswer,
  forgotPasswordBody,
  MfaStepAnswer,
  resetPasswordBody,
  SessionAnswer,
  SignInMfaBody,
  signInBody,
} from '@kindling/contract';
import type { z } from 'zod';
import { api } from '../api/client.ts';

/** A session, or for a member with a second factor the challenge of the second step. */
export function signInRequest(
  body: z.input<typeof signInBody>,
): Promise<SessionAnswer | MfaStepAnswer> {
  return api.post('/auth/sign-in', { body });
}

export function signInWithCodeRequest(body: SignInMfaBody): Promise<SessionAnswer> {
  return api.post('/auth/sign-in/mfa', { body });
}

export function forgotPasswordRequest(
  body: z.input<typeof forgotPasswordBody>,
): Promise<z.infer<typeof forgotPasswordAnswer>> {
  return api.post('/auth/forgot-password', { body });
}

export function resetPasswordRequest(
  body: z.input<typeof resetPasswordBody>,
): Promise<{ message: string }> {
  return api.post('/auth/reset-password', { body });
}
