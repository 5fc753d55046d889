import { catalogueMessages, ideaMessages } from '@kindling/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, networkError, toApiError } from '../api/apiError.ts';
import {
  FOLLOWING_BAD_REQUEST,
  FOLLOWING_EMPTY_PAGE,
  followingView,
  listProblem,
  POST_FALLBACK,
  postProblem,
  UPDATE_BAD_REQUEST,
  UPDATE_LINK_INVALID,
  UPDATE_THROWN,
  updateProblem,
} from './ideaProblems.ts';

const answer = (code: string, message: string, details: { field: string; error: string }[] = []) =>
  new ApiError({ code, message, status: 400, details });

describe('postProblem', () => {
  it("shows the first detail of a bad request as 'error - field'", () => {
    const error = answer('BAD_REQUEST', 'Invalid', [
      { field: 'title', error: ideaMessages.titleRequired },
      { field: 'introduction', error: ideaMessages.introductionRequired },
    ]);
    expect(postProblem(error)).toBe('Title is required - title');
  });

  it("shows the server's message for a bad request without details and for UNAUTHORIZED", () => {
    expect(postProblem(answer('BAD_REQUEST', 'Nope'))).toBe('Nope');
    expect(postProblem(answer('UNAUTHORIZED', catalogueMessages.UNAUTHORIZED))).toBe(
      catalogueMessages.UNAUTHORIZED,
    );
  });

  it('shows the generic line for any other answer', () => {
    expect(postProblem(answer('FORBIDDEN', catalogueMessages.FORBIDDEN))).toBe(POST_FALLBACK);
    expect(postProblem(answer('INTERNAL_SERVER_ERROR', 'boom'))).toBe(POST_FALLBACK);
  });

  it('shows the text of a thrown error', () => {
    expect(postProblem(networkError())).toBe(catalogueMessages.ERR_NETWORK);
    expect(postProblem(new Error('Broken form'))).toBe('Broken form');
    expect(postProblem(toApiError('x'))).toBe(catalogueMessages.UNKNOWN_ERROR);
    expect(postProblem('not an error')).toBe(POST_FALLBACK);
  });
});

describe('updateProblem', () => {
  it("turns a bad link into 'Please enter a valid URL or Title'", () => {
    const error = answer('BAD_REQUEST', 'Invalid', [
      { field: 'title', error: ideaMessages.titleRequired },
      { field: 'urls.1.url', error: ideaMessages.linkInvalid },
    ]);
    expect(updateProblem(error)).toBe(UPDATE_LINK_INVALID);
  });

  it("answers any other bad request with 'Unexpected error'", () => {
    const error = answer('BAD_REQUEST', 'Invalid', [
      { field: 'title', error: ideaMessages.titleRequired },
    ]);
    expect(updateProblem(error)).toBe(UPDATE_BAD_REQUEST);
  });

  it("shows the server's message when signed out or the idea is gone", () => {
    expect(updateProblem(answer('NOT_FOUND', ideaMessages.notFound))).toBe(ideaMessages.notFound);
    expect(updateProblem(answer('UNAUTHORIZED', 'Expired'))).toBe('Expired');
  });

  it('shows the generic line for other answers and its own line for thrown failures', () => {
    expect(updateProblem(answer('FORBIDDEN', catalogueMessages.FORBIDDEN))).toBe(POST_FALLBACK);
    expect(updateProblem(networkError())).toBe(UPDATE_THROWN);
    expect(updateProblem(new Error('x'))).toBe(UPDATE_THROWN);
  });
});

describe('listProblem', () => {
  it('goes back to page 1 when a page above 1 is not found', () => {
    expect(listProblem(answer('NOT_FOUND', 'No ideas on this page.'), 3)).toEqual({
      kind: 'firstPage',
    });
  });

  it('shows the message on page 1 and for other failures', () => {
    expect(listProblem(answer('NOT_FOUND', 'Gone'), 1)).toEqual({ kind: 'message', text: 'Gone' });
    expect(listProblem(networkError(), 4)).toEqual({
      kind: 'message',
      text: catalogueMessages.ERR_NETWORK,
    });
  });
});

describe('followingView', () => {
  it('lists the ideas when there are some', () => {
    expect(followingView({ error: null, onPage: 3 }, 1)).toEqual({ kind: 'list' });
  });

  it('shows the empty state for nothing followed, or NOT_FOUND on page 1', () => {
    expect(followingView({ error: null, onPage: 0 }, 1)).toEqual({ kind: 'emptyState' });
    expect(followingView({ error: answer('NOT_FOUND', 'x'), onPage: undefined }, 1)).toEqual({
      kind: 'emptyState',
    });
  });

  it('goes back to page 1 on NOT_FOUND above it, and says so for an empty later page', () => {
    expect(followingView({ error: answer('NOT_FOUND', 'x'), onPage: undefined }, 2)).toEqual({
      kind: 'firstPage',
    });
    expect(followingView({ error: null, onPage: 0 }, 2)).toEqual({
      kind: 'message',
      text: FOLLOWING_EMPTY_PAGE,
    });
  });

  it("says 'No Following ideas found' on a bad request and shows other messages", () => {
    expect(followingView({ error: answer('BAD_REQUEST', 'x'), onPage: undefined }, 1)).toEqual({
      kind: 'message',
      text: FOLLOWING_BAD_REQUEST,
    });
    expect(followingView({ error: networkError(), onPage: undefined }, 1)).toEqual({
      kind: 'message',
      text: catalogueMessages.ERR_NETWORK,
    });
  });
});
