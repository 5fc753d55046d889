import { isApiError } from '../api/apiError.ts';
import type { Message } from '../forms/message.ts';
import { unknownAccountMessage } from './authMessages.ts';

export type PasswordResetStep = 'initiate' | 'verify';

export type PasswordResetProblem = { kind: 'offline' } | { kind: 'message'; message: Message };

const message = (text: string): PasswordResetProblem => ({ kind: 'message', message: [text] });

/** SPEC §8 password reset errors, which differ between sending the code and using it. */
export function passwordResetProblem(
  error: unknown,
  step: PasswordResetStep,
): PasswordResetProblem {
  if (!isApiError(error)) return message('An unknown error occurred.');
  switch (error.code) {
    case 'ERR_NETWORK':
      return { kind: 'offline' };
    case 'NOT_FOUND':
      return { kind: 'message', message: unknownAccountMessage };
    case 'TOO_MANY_REQUESTS':
      return step === 'verify'
        ? message('You have reached the maximum number of attempts. Please wait and try again.')
        : message(error.message);
    case 'CODE_MISMATCH':
      return message('Invalid confirmation code. Please enter a valid code.');
    case 'BAD_REQUEST':
      return message(error.details[0]?.error ?? error.message);
    default:
      return message(error.message || 'An unknown error occurred.');
  }
}
