import { catalogueMessages } from '@kindling/contract';
import { isApiError } from '../api/apiError.ts';
import { paths } from '../app/paths.ts';
import type { Message } from '../forms/message.ts';
import { requestInvitationLink, unknownAccountMessage } from './authMessages.ts';

/** How a failed sign-in is shown: a toast, the pending-approval panel, or a message on the form. */
export type SignInProblem =
  | { kind: 'offline' }
  | { kind: 'pendingApproval'; message: string }
  | { kind: 'message'; message: Message };

// This module reads no schema module of the contract: importing one would bring zod into the
// sign-in screen's first script, past its budget. Hence the one SPEC text copied here.

/** SPEC §8 NOT_APPROVED, as the contract's signInMessages.notApproved words it. */
export const NOT_APPROVED_MESSAGE =
  'Your account is awaiting approval from an administrator and will be accessible once approved.';

const incorrectPasswordMessage: Message = [
  'Your password is incorrect. Please ',
  { to: paths.forgotPassword, label: 'reset your password' },
  ' or ',
  requestInvitationLink,
];

/**
 * SPEC §8 sign-in errors with CONTRACT §6's reading of the incorrect-password message. The
 * answers are told apart by their CONTRACT §3 codes, each of which sign-in gives one meaning:
 * 401 'Incorrect username or password.', 404 'User does not exist.', 423 not approved.
 */
export function signInProblem(error: unknown): SignInProblem {
  if (!isApiError(error)) return { kind: 'message', message: ['Error signing in'] };
  if (error.code === 'ERR_NETWORK') return { kind: 'offline' };
  if (error.code === 'NOT_APPROVED') {
    return { kind: 'pendingApproval', message: NOT_APPROVED_MESSAGE };
  }
  if (error.code === 'UNAUTHORIZED') return { kind: 'message', message: incorrectPasswordMessage };
  if (error.code === 'NOT_FOUND') return { kind: 'message', message: unknownAccountMessage };
  if (error.code === 'TOO_MANY_REQUESTS') {
    return { kind: 'message', message: [catalogueMessages.TOO_MANY_REQUESTS] };
  }
  const detail = error.code === 'BAD_REQUEST' ? error.details[0]?.error : undefined;
  return { kind: 'message', message: [detail ?? (error.message || 'Error signing in')] };
}
