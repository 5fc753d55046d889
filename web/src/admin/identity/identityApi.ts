import type {
  IdentityProviderBody,
  IdentityProviderUpdate,
  identityProvidersAnswer,
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
