/**
 * The "Account and security" screen's words (issue 20), apart from the schemas so that the screen
 * can show them without loading zod.
 */
export const accountMessages = {
  currentPassword: 'Please enter your current password.',
  currentIncorrect: 'Your current password is incorrect.',
  samePassword: 'Your new password must differ from your current password.',
  /** CONTRACT §11: a member without a password proves it is them by signing in again. */
  reauthenticate:
    'For your security, sign in again through your institution, then set your password within 5 minutes.',
  attemptLimit: 'Attempt limit exceeded, please try after some time.',
  passwordChanged: 'Your password has been changed. Every other device has been signed out.',
  sessionEnded: 'The device has been signed out.',
  othersEnded: 'Every other device has been signed out.',
} as const;
