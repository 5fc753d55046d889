import { catalogueMessages } from '@kindling/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, networkError, toApiError } from '../api/apiError.ts';
import { photoUploadProblem, profileLoadProblem, profileSaveProblem } from './profileProblems.ts';

const apiError = (
  code: string,
  status: number,
  message: string,
  details = [] as ApiError['details'],
) => new ApiError({ code, status, message, details });

describe('profileLoadProblem', () => {
  it('says the member may be gone when the profile is not found', () => {
    expect(profileLoadProblem(apiError('NOT_FOUND', 404, 'No such user.'))).toBe(
      'The user might have been deleted or never created.',
    );
  });

  it('shows the message of FORBIDDEN and of other answers', () => {
    expect(profileLoadProblem(apiError('FORBIDDEN', 403, catalogueMessages.FORBIDDEN))).toBe(
      catalogueMessages.FORBIDDEN,
    );
    expect(profileLoadProblem(networkError())).toBe(catalogueMessages.ERR_NETWORK);
    expect(profileLoadProblem(apiError('TOO_MANY_REQUESTS', 429, 'Slow down.'))).toBe('Slow down.');
  });

  it('says the details could not be fetched when something threw', () => {
    expect(profileLoadProblem(new TypeError('boom'))).toBe('Failed to fetch user details.');
    expect(profileLoadProblem(toApiError(new SyntaxError('bad JSON')))).toBe(
      'Failed to fetch user details.',
    );
  });
});

describe('profileSaveProblem', () => {
  it('hands field failures to the form and leads with the first', () => {
    const details = [
      { field: 'first_name', error: 'First name is required' },
      { field: 'bio', error: 'Bio is required' },
    ];
    expect(
      profileSaveProblem(apiError('BAD_REQUEST', 400, 'The request is invalid.', details)),
    ).toEqual({
      message: 'First name is required',
      fields: details,
    });
  });

  it('shows the message of any other answer', () => {
    expect(profileSaveProblem(apiError('FORBIDDEN', 403, 'Not yours.'))).toEqual({
      message: 'Not yours.',
      fields: [],
    });
    expect(
      profileSaveProblem(apiError('BAD_REQUEST', 400, 'The request is invalid.')).message,
    ).toBe('The request is invalid.');
  });

  it('falls back to the SPEC default, spelling and all, when there is no message', () => {
    expect(profileSaveProblem(new Error('thrown')).message).toBe(
      'an error occured while updating profile',
    );
    expect(profileSaveProblem(apiError('CONFLICT', 409, '')).message).toBe(
      'an error occured while updating profile',
    );
  });
});

describe('photoUploadProblem', () => {
  it('names a network failure as a failed image upload', () => {
    expect(photoUploadProblem(networkError())).toBe('image upload failed');
  });

  it('shows what the server said about the file', () => {
    const notImage = apiError('BAD_REQUEST', 400, 'The request is invalid.', [
      { field: 'file', error: 'The file is not an image.' },
    ]);
    expect(photoUploadProblem(notImage)).toBe('The file is not an image.');
    expect(photoUploadProblem(apiError('PAYLOAD_TOO_LARGE', 413, 'Too large.'))).toBe('Too large.');
    expect(photoUploadProblem(new Error('Disk full'))).toBe('Disk full');
  });
});
