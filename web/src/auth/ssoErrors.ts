import type { SsoErrorCode } from '@kindling/contract';

/**
 * What the sign-in screen says when single sign-on brings a member back with CONTRACT §8's
 * `sso_error`: what went wrong and what to do, in words a member can act on. NOT_APPROVED is not
 * here: it opens the 'Account Pending Approval' screen, as password sign-in does.
 */
const SSO_ERROR_MESSAGES: Record<Exclude<SsoErrorCode, 'NOT_APPROVED'>, string> = {
  DECLINED:
    'Your request to join was declined, so you cannot sign in. Please contact your administrator if you think this is a mistake.',
  DISABLED:
    'This sign-in option or your account has been turned off. Please contact your administrator.',
  DOMAIN_NOT_ALLOWED:
    'The email address your university gave us is not one this sign-in option accepts. Sign in with your university account, or with your email and password.',
  NO_EMAIL:
    'Your university did not share your email address, so we could not tell who you are. Please ask your IT office to release it, then try again.',
  EMAIL_NOT_VERIFIED:
    'Your university has not confirmed your email address yet, so we could not sign you in with it. Please confirm it with your university, then try again.',
  INVALID_RESPONSE:
    'We could not complete your sign-in: the answer from your university had expired or could not be checked. Please try again.',
  PROVIDER_ERROR:
    "Your university's sign-in service could not be reached or reported a problem. Please try again later, or sign in with your email and password.",
};

const UNKNOWN = 'Signing in through your university did not work. Please try again.';

/** The screen's outcome for an `sso_error` in the address; null when there is none. */
export function ssoErrorOutcome(
  code: string | null,
): { kind: 'pendingApproval' } | { kind: 'message'; message: string } | null {
  if (code === null) return null;
  if (code === 'NOT_APPROVED') return { kind: 'pendingApproval' };
  const message = Object.hasOwn(SSO_ERROR_MESSAGES, code)
    ? SSO_ERROR_MESSAGES[code as keyof typeof SSO_ERROR_MESSAGES]
    : UNKNOWN;
  return { kind: 'message', message };
}
