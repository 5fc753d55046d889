import { forgotPasswordMessages } from '@kindling/contract';
import { describe, expect, it } from 'vitest';
import { errorFromResponse, networkError } from '../api/apiError.ts';
import { messageText } from '../forms/message.ts';
import { passwordResetProblem } from './passwordResetProblem.ts';

const failure = (status: number, code: string, message: string, details: unknown[] = []) =>
  errorFromResponse(status, '', { code, message, status, details });

const textOf = (problem: ReturnType<typeof passwordResetProblem>) =>
  problem.kind === 'message' ? messageText(problem.message) : problem.kind;

describe('passwordResetProblem', () => {
  it('offers a request-invitation link for an unknown e-mail on either step', () => {
    for (const step of ['initiate', 'verify'] as const) {
      expect(passwordResetProblem(failure(404, 'NOT_FOUND', 'User does not exist.'), step)).toEqual(
        {
          kind: 'message',
          message: [
            'An account with this email does not exist. Enter a different email or ',
            { to: '/request-invite', label: 'request an invitation.' },
          ],
        },
      );
    }
  });

  it('names the identity provider an account made through single sign-on signs in with', () => {
    const sso = failure(403, 'FORBIDDEN', 'This account signs in through University Login.');
    expect(textOf(passwordResetProblem(sso, 'initiate'))).toBe(
      'This account signs in through University Login.',
    );
  });

  it("shows the server's words for too many codes, the attempts message for too many tries", () => {
    const limited = failure(429, 'TOO_MANY_REQUESTS', forgotPasswordMessages.attemptLimit);
    expect(textOf(passwordResetProblem(limited, 'initiate'))).toBe(
      'Attempt limit exceeded, please try after some time.',
    );
    expect(textOf(passwordResetProblem(limited, 'verify'))).toBe(
      'You have reached the maximum number of attempts. Please wait and try again.',
    );
  });

  it('asks for a valid code after a wrong or expired one', () => {
    for (const text of [forgotPasswordMessages.codeMismatch, forgotPasswordMessages.codeExpired]) {
      expect(textOf(passwordResetProblem(failure(400, 'CODE_MISMATCH', text), 'verify'))).toBe(
        'Invalid confirmation code. Please enter a valid code.',
      );
    }
  });

  it("shows a validation failure's first detail", () => {
    const invalid = failure(400, 'BAD_REQUEST', 'Validation failed', [
      { field: 'password', error: 'Please provide the password as per above guidelines' },
    ]);
    expect(textOf(passwordResetProblem(invalid, 'verify'))).toBe(
      'Please provide the password as per above guidelines',
    );
  });

  it('asks for the offline toast when the network is down', () => {
    expect(passwordResetProblem(networkError(), 'initiate')).toEqual({ kind: 'offline' });
  });

  it('says an unknown error occurred for anything that is not an API error', () => {
    expect(textOf(passwordResetProblem(new TypeError('x'), 'verify'))).toBe(
      'An unknown error occurred.',
    );
  });
});
