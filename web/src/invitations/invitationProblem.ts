import { isApiError } from '../api/apiError.ts';
import { paths } from '../app/paths.ts';
import type { Message } from '../forms/message.ts';

/** Whose invitation the form sends: 'your' own request, or 'a' colleague's (SPEC §5 wording). */
export type InvitationWho = 'your' | 'a';

const UNKNOWN = 'An unknown error occurred.';
const UNEXPECTED = 'An unexpected error occurred.';

const existsMessage: Record<InvitationWho, Message> = {
  your: [
    'An account with this email already exists. Enter a different email or ',
    { to: paths.signIn, label: 'Sign In' },
    '.',
  ],
  a: ['An account or invitation with this email already exists. Enter a different email.'],
};

/** SPEC §8 request-invitation and invite errors, as the form above its fields shows them. */
export function invitationProblem(error: unknown, who: InvitationWho): Message {
  if (!isApiError(error)) return [UNKNOWN];
  switch (error.code) {
    case 'BAD_REQUEST':
      return [error.details[0]?.error ?? UNKNOWN];
    case 'CONFLICT':
    case 'DUPLICATE_RECORD_ERROR':
      return error.message.includes('already exists.') ? existsMessage[who] : [error.message];
    case 'FORBIDDEN':
      return who === 'your' ? [error.message] : ['Access denied.'];
    case 'INVALID_REQUEST':
    case 'UNKNOWN_ERROR':
      return [error.message || UNKNOWN];
    default:
      return [UNEXPECTED];
  }
}
