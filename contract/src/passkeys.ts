import { z } from 'zod';
import { confirmingPassword } from './fields.ts';
import { mfaMessages } from './mfaMessages.ts';
import { passkeyMessages } from './passkeyMessages.ts';

/** A base64url value of a WebAuthn answer; 16 KiB is far above any real authenticator's. */
const base64url = z
  .string({ error: passkeyMessages.response })
  .max(16_384, { message: passkeyMessages.response })
  .regex(/^[A-Za-z0-9_-]*$/, { message: passkeyMessages.response });

const transports = z
  .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
  .max(8)
  .optional();

const credentialFields = {
  id: base64url.min(1, { message: passkeyMessages.response }),
  rawId: base64url.min(1, { message: passkeyMessages.response }),
  type: z.literal('public-key', { error: passkeyMessages.response }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

/** `navigator.credentials.create()`'s answer as `@simplewebauthn/browser` serialises it. */
export const passkeyRegistrationResponse = z
  .object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url,
      attestationObject: base64url,
      transports,
      authenticatorData: base64url.optional(),
      publicKey: base64url.optional(),
      publicKeyAlgorithm: z.number().int().optional(),
    }),
  })
  .describe('The attestation: RegistrationResponseJSON of @simplewebauthn/browser');
export type PasskeyRegistrationResponse = z.infer<typeof passkeyRegistrationResponse>;

/** `navigator.credentials.get()`'s answer as `@simplewebauthn/browser` serialises it. */
export const passkeyAssertion = z
  .object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url,
      authenticatorData: base64url,
      signature: base64url,
      userHandle: base64url.optional(),
    }),
  })
  .describe('The assertion: AuthenticationResponseJSON of @simplewebauthn/browser');
export type PasskeyAssertion = z.infer<typeof passkeyAssertion>;

/**
 * The options of a WebAuthn ceremony, handed to `@simplewebauthn/browser` as they are: its
 * challenge lives 5 minutes and is used once. `rp.id` / `rpId` is the tenant's host name.
 */
export const passkeyOptionsAnswer = z
  .looseObject({ challenge: z.string() })
  .describe(
    'PublicKeyCredentialCreationOptionsJSON (registration) or PublicKeyCredentialRequestOptionsJSON (sign-in)',
  );
export type PasskeyOptionsAnswer = z.infer<typeof passkeyOptionsAnswer>;

const passkeyName = z
  .string({ error: passkeyMessages.name })
  .trim()
  .min(1, { message: passkeyMessages.name })
  .max(60, { message: passkeyMessages.nameLength });

/** `POST /auth/passkeys`: the name the member gives it, and the browser's attestation. */
export const passkeyCreateBody = z.object({
  name: passkeyName,
  response: passkeyRegistrationResponse,
});
export type PasskeyCreateBody = z.infer<typeof passkeyCreateBody>;

/** `PUT /auth/passkeys/{id}`. */
export const passkeyRenameBody = z.object({ name: passkeyName });
export type PasskeyRenameBody = z.infer<typeof passkeyRenameBody>;

/** `DELETE /auth/passkeys/{id}`: the password, as turning the authenticator app off takes. */
export const passkeyRemoveBody = z.object({
  password: confirmingPassword(passkeyMessages),
});
export type PasskeyRemoveBody = z.infer<typeof passkeyRemoveBody>;

/** One of the member's passkeys as the account screen lists it. */
export const passkeyItem = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Synced by its provider, so it survives a lost device. */
  backed_up: z.boolean(),
});
export type PasskeyItem = z.infer<typeof passkeyItem>;

export const passkeysAnswer = z.object({ passkeys: z.array(passkeyItem) });
export type PasskeysAnswer = z.infer<typeof passkeysAnswer>;

/** `POST /auth/passkeys/sign-in-options`: a passkey sign-in names only its tenant. */
export const passkeySignInOptionsBody = z.object({
  tenant_id: z.coerce.number().int().positive(),
});

/** `POST /auth/sign-in/passkey`: a passwordless sign-in. */
export const passkeySignInBody = z.object({
  response: passkeyAssertion,
  tenant_id: z.coerce.number().int().positive(),
  remember_session: z.boolean().optional().default(false),
});
export type PasskeySignInBody = z.input<typeof passkeySignInBody>;

const mfaChallengeField = z.string({ error: mfaMessages.challengeExpired }).min(1).max(128);

/** `POST /auth/sign-in/mfa/passkey-options`: the sign-in's challenge the passkey will answer. */
export const mfaPasskeyOptionsBody = z.object({
  challenge: mfaChallengeField,
  tenant_id: z.coerce.number().int().positive(),
});

/** `POST /auth/sign-in/mfa/passkey`: the second step answered with a passkey. */
export const signInMfaPasskeyBody = z.object({
  challenge: mfaChallengeField,
  response: passkeyAssertion,
  tenant_id: z.coerce.number().int().positive(),
});
export type SignInMfaPasskeyBody = z.infer<typeof signInMfaPasskeyBody>;
