import { passkeyMessages } from '@kindling/contract';
import { describe, expect, it } from 'vitest';
import { errorFromResponse, networkError } from '../api/apiError.ts';
import { PasskeyProblem } from './passkeyCeremony.ts';
import { passkeySignInProblem } from './passkeySignIn.ts';
import { NOT_APPROVED_MESSAGE } from './signInProblem.ts';

const answer = (status: number, code: string, message: string) =>
  errorFromResponse(status, '', { code, message, status, details: [] });

describe('passkeySignInProblem', () => {
  it("shows the server's own words for a passkey it refused, not the wrong-password message", () => {
    for (const [status, code, message] of [
      [401, 'UNAUTHORIZED', passkeyMessages.unknown],
      [401, 'UNAUTHORIZED', passkeyMessages.notVerified],
      [400, 'BAD_REQUEST', passkeyMessages.expired],
    ] as const) {
      expect(passkeySignInProblem(answer(status, code, message))).toEqual({
        kind: 'message',
        message: [message],
      });
    }
  });

  it("shows the browser's refusal, and the password's answers for the rest", () => {
    expect(passkeySignInProblem(new PasskeyProblem(passkeyMessages.cancelled))).toEqual({
      kind: 'message',
      message: [passkeyMessages.cancelled],
    });
    expect(passkeySignInProblem(answer(423, 'NOT_APPROVED', 'x'))).toEqual({
      kind: 'pendingApproval',
      message: NOT_APPROVED_MESSAGE,
    });
    expect(passkeySignInProblem(networkError())).toEqual({ kind: 'offline' });
  });
});
