import type { TermsAnswer } from '@kindling/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { useTenant } from '../tenant/TenantContext.ts';

/** The tenant's terms and conditions (CONTRACT §3 `GET /terms`). */
export function useTerms() {
  const { id } = useTenant();
  return useQuery({
    queryKey: ['terms', id],
    queryFn: ({ signal }) => api.get<TermsAnswer>('/terms', { query: { tenant_id: id }, signal }),
    staleTime: 10 * 60_000,
  });
}
