import { describe, expect, it } from 'vitest';
import { ApiError, errorFromResponse, networkError } from '../api/apiError.ts';
import { messageText } from '../forms/message.ts';
import { invitationProblem } from './invitationProblem.ts';

const failure = (status: number, code: string, message: string, details: unknown[] = []) =>
  errorFromResponse(status, '', { code, message, status, details });

const conflict = failure(409, 'CONFLICT', 'An account with this email already exists.');

describe('invitationProblem', () => {
  it("shows a validation failure's first detail", () => {
    const invalid = failure(400, 'BAD_REQUEST', 'Validation failed', [
      { field: 'linkedin_url', error: 'Please enter a valid LinkedIn URL.' },
      { field: 'email', error: 'Please enter a valid email address.' },
    ]);
    expect(invitationProblem(invalid, 'your')).toEqual(['Please enter a valid LinkedIn URL.']);
    expect(invitationProblem(invalid, 'a')).toEqual(['Please enter a valid LinkedIn URL.']);
  });

  it('says an unknown error occurred for a validation failure without details', () => {
    expect(invitationProblem(failure(400, 'BAD_REQUEST', 'Bad'), 'your')).toEqual([
      'An unknown error occurred.',
    ]);
  });

  it('offers sign-in to a requester whose e-mail already has an account', () => {
    const message = invitationProblem(conflict, 'your');
    expect(messageText(message)).toBe(
      'An account with this email already exists. Enter a different email or Sign In.',
    );
    expect(message).toContainEqual({ to: '/signin', label: 'Sign In' });
  });

  it('asks an inviter for a different e-mail', () => {
    expect(invitationProblem(conflict, 'a')).toEqual([
      'An account or invitation with this email already exists. Enter a different email.',
    ]);
  });

  it("shows any other conflict in the server's words", () => {
    expect(invitationProblem(failure(409, 'CONFLICT', 'Try later.'), 'a')).toEqual(['Try later.']);
  });

  it('shows a forbidden request as the server words it, and a forbidden invite as denied', () => {
    const forbidden = failure(403, 'FORBIDDEN', 'Requests are closed.');
    expect(invitationProblem(forbidden, 'your')).toEqual(['Requests are closed.']);
    expect(invitationProblem(forbidden, 'a')).toEqual(['Access denied.']);
  });

  it('shows the message of an invalid request or unknown error, else the fallback', () => {
    expect(invitationProblem(failure(418, 'INVALID_REQUEST', "I'm a teapot"), 'a')).toEqual([
      "I'm a teapot",
    ]);
    const blank = new ApiError({ code: 'UNKNOWN_ERROR', message: '', status: 0, details: [] });
    expect(invitationProblem(blank, 'your')).toEqual(['An unknown error occurred.']);
  });

  it('calls anything else an unexpected error', () => {
    expect(invitationProblem(failure(500, 'INTERNAL_SERVER_ERROR', 'Boom'), 'your')).toEqual([
      'An unexpected error occurred.',
    ]);
    expect(invitationProblem(networkError(), 'a')).toEqual(['An unexpected error occurred.']);
  });
});
