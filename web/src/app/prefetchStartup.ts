import type { QueryClient } from '@tanstack/react-query';
import { takeAnswersFrom } from '../api/client.ts';
import { fetchSession, sessionQueryKey } from '../auth/session.ts';
import { persistedStore } from '../state/persistedStore.ts';
import { fetchTenant, tenantQueryKey } from '../tenant/tenantApi.ts';
import { chooseTenantDomain } from '../tenant/useTenantDomain.ts';
import { takeEarlyAnswer, takeEarlySession, takeEarlyTenant } from './earlyRequests.ts';

/**
 * Starts the tenant and session requests while the first screen's code is still loading, instead
 * of after it, or takes over the ones index.html's early script sent before the app had arrived;
 * the components asking for them later share these requests. The opened screen's data that the
 * early script asked for is read by the API client when the screen asks for it.
 */
export function prefetchStartup(queryClient: QueryClient): void {
  takeAnswersFrom(takeEarlyAnswer);
  void queryClient.prefetchQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchSession(signal, takeEarlySession()),
  });
  const domain = chooseTenantDomain(
    window.location.search,
    persistedStore.getState().tenant?.domain,
  );
  if (domain) {
    void queryClient.prefetchQuery({
      queryKey: tenantQueryKey(domain),
      queryFn: ({ signal }) => fetchTenant(domain, signal, takeEarlyTenant(domain)),
    });
  }
}
