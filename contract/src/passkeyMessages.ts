/**
 * Passkeys' words (issue 20, CONTRACT §11), apart from the schemas so that the sign-in screen and
 * the account screen can show them without loading zod.
 */
export const passkeyMessages = {
  name: 'Please name this passkey.',
  nameLength: 'A passkey name must be at most 60 characters.',
  response: 'The browser sent no passkey. Please try again.',
  notFound: 'This passkey does not exist.',
  /** The ceremony's challenge is unknown, used or older than 5 minutes. */
  expired: 'This passkey request has expired. Please try again.',
  /** Attestation or assertion that does not verify: wrong origin, key, signature or flags. */
  notVerified: 'This passkey could not be verified. Please try again.',
  alreadyAdded: 'This passkey is already added to your account.',
  /** A passkey sign-in with a credential this tenant does not know. */
  unknown: 'This passkey is not registered here. Sign in with your password, then add it.',
  /** The second step answered with a passkey that is not the member's, or did not verify. */
  mismatch: 'That passkey was not accepted. Try again, or use another way to sign in.',
  /** RP ID is the tenant's own host name: a page served elsewhere cannot use its passkeys. */
  wrongHost: (domain: string) => `Passkeys work only at ${domain}.`,
  none: 'This account has no passkey. Use another way to sign in.',
  tooMany: 'You have reached the limit of 20 passkeys. Remove one first.',
  added: 'Passkey added.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed.',
  password: 'Please enter your password.',
  passwordIncorrect: 'Your password is incorrect.',
  reauthenticate:
    'For your security, sign in again through your institution, then remove the passkey within 5 minutes.',
  // The browser's side (SPEC §2's passkey errors): what navigator.credentials answered.
  unsupported: 'This browser does not support passkeys.',
  cancelled: 'The passkey request was cancelled or timed out.',
  rpMismatch: 'This passkey belongs to another site.',
} as const;

/** A member holds at most this many passkeys: the sign-in's allow list and the screen stay short. */
export const PASSKEY_LIMIT = 20;
