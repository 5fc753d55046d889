import { type ErrorDetail, profileMessages } from '@kindling/contract';
import { ApiError } from '../api/apiError.ts';

/** SPEC §8 Profile messages the screens show in their own words. */
export const profileProblemMessages = {
  loadFailed: 'Failed to fetch user details.',
  saveFailed: 'an error occured while updating profile',
  uploadNetwork: 'image upload failed',
  cropMissing: profileMessages.photoMissing,
  cropFailed: 'File upload failed.',
} as const;

/** An answer the client made up because no API answer could be read: a thrown exception. */
const isException = (error: unknown): boolean =>
  !(error instanceof ApiError) || error.code === 'UNKNOWN_ERROR';

/** A profile that would not load: NOT_FOUND in SPEC §8's words, any other answer its own. */
export function profileLoadProblem(error: unknown): string {
  if (isException(error)) return profileProblemMessages.loadFailed;
  const { code, message } = error as ApiError;
  return code === 'NOT_FOUND' ? profileMessages.notFound : message;
}

export interface SaveProblem {
  /** Shown above the form, which scrolls to it. */
  message: string;
  /** Field failures the server named, for the form to show beside their inputs. */
  fields: ErrorDetail[];
}

/** A save that failed: the server's field failures, else its message, else SPEC §8's default. */
export function profileSaveProblem(error: unknown): SaveProblem {
  if (isException(error)) return { message: profileProblemMessages.saveFailed, fields: [] };
  const { code, message, details } = error as ApiError;
  const first = details[0];
  if (code === 'BAD_REQUEST' && first) return { message: first.error, fields: details };
  return { message: message || profileProblemMessages.saveFailed, fields: [] };
}

/** A photo upload that failed: a network failure in SPEC §8's words, anything else its own. */
export function photoUploadProblem(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'ERR_NETWORK') return profileProblemMessages.uploadNetwork;
    return error.details[0]?.error ?? error.message;
  }
  return error instanceof Error && error.message
    ? error.message
    : profileProblemMessages.uploadNetwork;
}
