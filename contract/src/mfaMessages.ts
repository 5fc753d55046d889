/**
 * The second factor's words (CONTRACT §11), apart from the schemas so that the sign-in screen and
 * the account screen can show them without loading zod.
 */
export const mfaMessages = {
  code: 'Please enter the 6-digit code from your authenticator app.',
  codeOrRecovery: 'Please enter the 6-digit code from your authenticator app, or a recovery code.',
  codeMismatch: 'That code is not right. Check your authenticator app and try again.',
  challengeExpired: 'Your sign-in has timed out. Please sign in again.',
  challengeSpent: 'Too many wrong codes. Please sign in again.',
  accountLimit: 'Too many wrong codes. Please try again in 15 minutes.',
  alreadyOn: 'Two-step verification is already on. Turn it off first to set up a new app.',
  notStarted: 'Start the setup again: no authenticator is waiting to be confirmed.',
  notOn: 'Two-step verification is not on.',
  password: 'Please enter your password.',
  passwordIncorrect: 'Your password is incorrect.',
  /** CONTRACT §11: a member without a password proves it is them by signing in again. */
  reauthenticate:
    'For your security, sign in again through your institution, then try again within 5 minutes.',
  setupRequired:
    'Your organisation requires administrators to use two-step verification. Set it up to continue.',
  turnedOff: 'Two-step verification is off.',
  ownFirst:
    'Set up two-step verification for your own account first, so that requiring it does not lock you out.',
} as const;

/** How a sign-in's second step may be answered (CONTRACT §11), as the member has set them up. */
export const mfaMethods = ['totp', 'recovery_code', 'webauthn'] as const;
export type MfaMethod = (typeof mfaMethods)[number];
