import { passkeyMessages } from '@kindling/contract';
import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from '@simplewebauthn/browser';

/**
 * The browser's side of a passkey ceremony (decision 0045), loaded only when a member starts one:
 * `@simplewebauthn/browser` turns the server's options into `navigator.credentials` calls and the
 * answer back into JSON. A refusal by the browser becomes one of SPEC §2's passkey errors.
 */
export class PasskeyProblem extends Error {
  override readonly name = 'PasskeyProblem';
}

function problemOf(error: unknown): PasskeyProblem {
  if (error instanceof WebAuthnError) {
    switch (error.code) {
      case 'ERROR_INVALID_DOMAIN':
      case 'ERROR_INVALID_RP_ID':
        return new PasskeyProblem(passkeyMessages.rpMismatch);
      case 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED':
        return new PasskeyProblem(passkeyMessages.alreadyAdded);
      case 'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT':
      case 'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT':
      case 'ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG':
        return new PasskeyProblem(passkeyMessages.unsupported);
      default:
        // Cancelled, timed out or aborted: the browser does not say which, on purpose.
        return new PasskeyProblem(passkeyMessages.cancelled);
    }
  }
  // startRegistration and startAuthentication throw a plain Error where WebAuthn is missing.
  if (typeof window.PublicKeyCredential !== 'function') {
    return new PasskeyProblem(passkeyMessages.unsupported);
  }
  return new PasskeyProblem(passkeyMessages.cancelled);
}

export async function makePasskey(options: PublicKeyCredentialCreationOptionsJSON) {
  try {
    return await startRegistration({ optionsJSON: options });
  } catch (error) {
    throw problemOf(error);
  }
}

export async function signWithPasskey(options: PublicKeyCredentialRequestOptionsJSON) {
  try {
    return await startAuthentication({ optionsJSON: options });
  } catch (error) {
    throw problemOf(error);
  }
}
