import type {
  IdentityProviderBody,
  IdentityProviderUpdate,
  identityProvidersAnswer,
  spKeysAnswer,
  ssoTestResultAnswer,
} from '@kindling/contract';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

export type IdentityProviders = z.infer<typeof identityProvidersAnswer>;

export const identityProvidersKey = ['admin', 'identity-providers'] as const;

export const fetchIdentityProviders = (signal: AbortSignal) =>
  api.get<IdentityProviders>('/admin/identity-providers', { signal });

export const createIdentityProvider = (body: IdentityProviderBody) =>
  api.post<{ id: number }>('/admin/identity-providers', { body });

export const updateIdentityProvider = (id: number, body: IdentityProviderUpdate) =>
  api.put<{ message: string }>(`/admin/identity-providers/${id}`, { body });

export const deleteIdentityProvider = (id: number) =>
  api.delete<{ message: string }>(`/admin/identity-providers/${id}`);

export const testResultKey = (id: number) => ['admin', 'identity-providers', id, 'test'] as const;

export const fetchTestResult = (id: number, signal: AbortSignal) =>
  api.get<z.infer<typeof ssoTestResultAnswer>>(`/admin/identity-providers/${id}/test-result`, {
    signal,
  });

type SpKeys = z.infer<typeof spKeysAnswer>;
const spKeysPath = (id: number) => `/admin/identity-providers/${id}/sp-keys`;

/** The three steps of the rollover of Kindling's SAML keys, in their order. */
export const prepareSpKeys = (id: number) => api.post<SpKeys>(spKeysPath(id));
export const activateSpKeys = (id: number) => api.post<SpKeys>(`${spKeysPath(id)}/activate`);
export const retireSpKeys = (id: number) => api.delete<SpKeys>(`${spKeysPath(id)}/previous`);
