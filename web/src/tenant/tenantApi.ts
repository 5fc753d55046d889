import type { TenantAnswer } from '@kindling/contract';
import { api } from '../api/client.ts';

export const tenantQueryKey = (domain: string) => ['tenant', domain.toLowerCase()] as const;

export function fetchTenant(
  domain: string,
  signal?: AbortSignal,
  sent?: Promise<Response>,
): Promise<TenantAnswer> {
  return api.get<TenantAnswer>('/tenant', { query: { domain }, signal, sent });
}
