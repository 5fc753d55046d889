import { ideaMessages } from '@kindling/contract';
import { type ApiError, isApiError } from '../api/apiError.ts';

export const POST_FALLBACK = 'Unexpected error occurred. Please try again.';
export const UPDATE_THROWN = 'Failed to update idea. Please try again later.';
export const UPDATE_LINK_INVALID = 'Please enter a valid URL or Title';
export const UPDATE_BAD_REQUEST = 'Unexpected error';

/** No HTTP answer came back (network down, unreadable answer): SPEC §8's "thrown" failures. */
const wasThrown = (error: unknown) =>
  !isApiError(error) || error.code === 'ERR_NETWORK' || error.code === 'UNKNOWN_ERROR';

/**
 * SPEC §8 idea post: BAD_REQUEST shows the first detail as 'error - field', UNAUTHORIZED the
 * server's message, a thrown error its own text, anything else the generic line.
 */
export function postProblem(error: unknown): string {
  if (wasThrown(error)) return error instanceof Error ? error.message : POST_FALLBACK;
  const answer = error as ApiError;
  if (answer.code === 'BAD_REQUEST') {
    const first = answer.details[0];
    return first ? `${first.error} - ${first.field}` : answer.message;
  }
  if (answer.code === 'UNAUTHORIZED') return answer.message;
  return POST_FALLBACK;
}

/**
 * SPEC §8 idea update: a bad link becomes 'Please enter a valid URL or Title', other bad input
 * 'Unexpected error'; UNAUTHORIZED and not-found show the server's message; a thrown failure
 * 'Failed to update idea. Please try again later.'; anything else the generic line.
 */
export function updateProblem(error: unknown): string {
  if (wasThrown(error)) return UPDATE_THROWN;
  const answer = error as ApiError;
  if (answer.code === 'BAD_REQUEST') {
    return answer.details.some((detail) => detail.error === ideaMessages.linkInvalid)
      ? UPDATE_LINK_INVALID
      : UPDATE_BAD_REQUEST;
  }
  if (answer.code === 'UNAUTHORIZED' || answer.code === 'NOT_FOUND') return answer.message;
  return POST_FALLBACK;
}

/** What a paged idea list does with a failed load (SPEC §4, §8). */
type ListOutcome = { kind: 'firstPage' } | { kind: 'message'; text: string };

/** NOT_FOUND while on a page above 1 goes back to page 1; any other failure shows its message. */
export function listProblem(error: ApiError, page: number): ListOutcome {
  if (error.code === 'NOT_FOUND' && page > 1) return { kind: 'firstPage' };
  return { kind: 'message', text: error.message };
}

export const FOLLOWING_BAD_REQUEST = 'No Following ideas found';
export const FOLLOWING_EMPTY_PAGE = 'No following ideas found on this page';

/** What the Following screen shows (SPEC §8 idea lists). */
type FollowingView =
  | { kind: 'list' }
  | { kind: 'emptyState' }
  | { kind: 'firstPage' }
  | { kind: 'message'; text: string };

export function followingView(
  outcome: { error: ApiError | null; onPage: number | undefined },
  page: number,
): FollowingView {
  const { error, onPage } = outcome;
  if (error) {
    if (error.code === 'NOT_FOUND')
      return page > 1 ? { kind: 'firstPage' } : { kind: 'emptyState' };
    if (error.code === 'BAD_REQUEST') return { kind: 'message', text: FOLLOWING_BAD_REQUEST };
    return { kind: 'message', text: error.message };
  }
  if (onPage === 0) {
    return page > 1 ? { kind: 'message', text: FOLLOWING_EMPTY_PAGE } : { kind: 'emptyState' };
  }
  return { kind: 'list' };
}
