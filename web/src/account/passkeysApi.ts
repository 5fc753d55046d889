import type { PasskeyItem, PasskeyRemoveBody, PasskeysAnswer } from '@kindling/contract';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { api } from '../api/client.ts';

export const passkeysKey = ['account', 'passkeys'] as const;

export const fetchPasskeys = (signal?: AbortSignal) =>
  api.get<PasskeysAnswer>('/auth/passkeys', { signal });

export const registrationOptions = () =>
  api.post<PublicKeyCredentialCreationOptionsJSON>('/auth/passkeys/registration-options');

/** The name the member gave, and the browser's attestation as `@simplewebauthn/browser` made it. */
export const addPasskey = (name: string, response: RegistrationResponseJSON) =>
  api.post<PasskeyItem>('/auth/passkeys', { body: { name, response } });

export const renamePasskey = (id: number, name: string) =>
  api.put<PasskeyItem>(`/auth/passkeys/${id}`, { body: { name } });

export const removePasskey = (id: number, body: PasskeyRemoveBody) =>
  api.delete<{ message: string }>(`/auth/passkeys/${id}`, { body });
