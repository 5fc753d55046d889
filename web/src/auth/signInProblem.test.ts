import { catalogueMessages, signInMessages } from '@kindling/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, errorFromResponse, networkError } from '../api/apiError.ts';
import { messageText } from '../forms/message.ts';
import { signInProblem } from './signInProblem.ts';

const answer = (status: number, code: string, message: string, details = []) =>
  errorFromResponse(status, '', { code, message, status, details });

const textOf = (error: unknown) => {
  const problem = signInProblem(error);
  return problem.kind === 'message' ? messageText(problem.message) : problem.kind;
};

describe('signInProblem', () => {
  it('turns a wrong password into the reset-or-request message with both links', () => {
    const problem = signInProblem(answer(401, 'UNAUTHORIZED', signInMessages.incorrect));
    expect(problem).toEqual({
      kind: 'message',
      message: [
        'Your password is incorrect. Please ',
        { to: '/forgot-password', label: 'reset your password' },
        ' or ',
        { to: '/request-invite', label: 'request an invitation.' },
      ],
    });
  });

  it('turns an unknown e-mail into the request-an-invitation message', () => {
    const problem = signInProblem(answer(404, 'NOT_FOUND', signInMessages.userNotFound));
    expect(problem).toEqual({
      kind: 'message',
      message: [
        'An account with this email does not exist. Enter a different email or ',
        { to: '/request-invite', label: 'request an invitation.' },
      ],
    });
  });

  it('shows the pending-approval panel for NOT_APPROVED whatever the server says', () => {
    expect(signInProblem(answer(423, 'NOT_APPROVED', 'Not yet.'))).toEqual({
      kind: 'pendingApproval',
      message:
        'Your account is awaiting approval from an administrator and will be accessible once approved.',
    });
  });

  it('asks for a toast when the network is down', () => {
    expect(signInProblem(networkError())).toEqual({ kind: 'offline' });
  });

  it('shows the catalogue message for too many attempts', () => {
    expect(textOf(answer(429, 'TOO_MANY_REQUESTS', 'slow down'))).toBe(
      catalogueMessages.TOO_MANY_REQUESTS,
    );
  });

  it('shows the wrong-environment message as the server words it', () => {
    expect(textOf(answer(403, 'FORBIDDEN', signInMessages.wrongEnvironment))).toBe(
      signInMessages.wrongEnvironment,
    );
  });

  it("shows a validation failure's first detail", () => {
    const error = errorFromResponse(400, '', {
      code: 'BAD_REQUEST',
      message: 'Validation failed',
      status: 400,
      details: [{ field: 'email', error: 'Please enter a valid email address.' }],
    });
    expect(textOf(error)).toBe('Please enter a valid email address.');
  });

  it("falls back to 'Error signing in' when there is nothing better to say", () => {
    expect(textOf(new Error('boom'))).toBe('Error signing in');
    expect(textOf(new ApiError({ code: 'X', message: '', status: 500, details: [] }))).toBe(
      'Error signing in',
    );
  });
});
