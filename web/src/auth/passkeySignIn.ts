import type { SessionAnswer } from '@kindling/contract';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { isApiError } from '../api/apiError.ts';
import { api } from '../api/client.ts';
import { NOT_APPROVED_MESSAGE, type SignInProblem, signInProblem } from './signInProblem.ts';

/** Whether this browser can use passkeys at all: the sign-in screen offers them only then. */
export const passkeysSupported = () => typeof window.PublicKeyCredential === 'function';

/** A refusal by the browser (passkeyCeremony.ts), told apart without loading that module. */
const isPasskeyProblem = (error: unknown): error is Error =>
  error instanceof Error && error.name === 'PasskeyProblem';

/** The ceremony's options, the browser's assertion, then the answer: each step one request. */
async function withPasskey(
  options: Promise<PublicKeyCredentialRequestOptionsJSON>,
): Promise<AuthenticationResponseJSON> {
  const [{ signWithPasskey }, optionsJSON] = await Promise.all([
    import('./passkeyCeremony.ts'),
    options,
  ]);
  return signWithPasskey(optionsJSON);
}

/** A passwordless sign-in (decision 0045): any passkey of this tenant the browser holds. */
export async function signInWithPasskey(tenantId: number, remember: boolean) {
  const response = await withPasskey(
    api.post('/auth/passkeys/sign-in-options', { body: { tenant_id: tenantId } }),
  );
  return api.post<SessionAnswer>('/auth/sign-in/passkey', {
    body: { response, tenant_id: tenantId, remember_session: remember },
  });
}

/** A sign-in's second step answered with one of the member's passkeys. */
export async function answerWithPasskey(tenantId: number, challenge: string) {
  const response = await withPasskey(
    api.post('/auth/sign-in/mfa/passkey-options', { body: { challenge, tenant_id: tenantId } }),
  );
  return api.post<SessionAnswer>('/auth/sign-in/mfa/passkey', {
    body: { challenge, response, tenant_id: tenantId },
  });
}

/**
 * How a failed passkey sign-in is shown: the browser's refusal or the server's own words (an
 * unknown passkey is not an incorrect password), and the password's answers for the rest.
 */
export function passkeySignInProblem(error: unknown): SignInProblem {
  if (isPasskeyProblem(error)) return { kind: 'message', message: [error.message] };
  if (isApiError(error, 'NOT_APPROVED')) {
    return { kind: 'pendingApproval', message: NOT_APPROVED_MESSAGE };
  }
  if (isApiError(error, 'UNAUTHORIZED') || isApiError(error, 'BAD_REQUEST')) {
    return { kind: 'message', message: [error.message] };
  }
  return signInProblem(error);
}
