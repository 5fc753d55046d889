/**
 * The words of a member's data and its erasure (CONTRACT §11), apart from the schemas so that the
 * account screen and the console can show them without loading zod.
 */
export const privacyMessages = {
  password: 'Please enter your password.',
  passwordIncorrect: 'Your password is incorrect.',
  /** CONTRACT §11: a member without a password proves it is them by signing in again. */
  reauthenticate:
    'For your security, sign in again through your institution, then delete your account within 5 minutes.',
  /** CONTRACT §11: the last active administrator of a tenant cannot be erased (409). */
  lastAdministrator:
    'The last active administrator cannot be erased. Give another member the admin permission first.',
  ownAccount: 'To delete your own account, use Account and security.',
  erased: 'Your account has been deleted.',
  memberErased: 'The member has been erased.',
  /** What every answer shows in place of an erased member's name. */
  formerMember: 'Former member',
} as const;
