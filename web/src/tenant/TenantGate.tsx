import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useLayoutEffect } from 'react';
import { isApiError } from '../api/apiError.ts';
import { LoadProblem } from '../errors/LoadProblem.tsx';
import { PageSpinner } from '../shell/Spinner.tsx';
import { persistedStore } from '../state/persistedStore.ts';
import { usePersisted } from '../state/usePersisted.ts';
import { applyBranding } from './applyBranding.ts';
import { TenantContext } from './TenantContext.ts';
import { fetchTenant, tenantQueryKey } from './tenantApi.ts';
import { normaliseDomain, useTenantDomain } from './useTenantDomain.ts';

const TENANT_STALE_MS = 5 * 60_000;

// Only a visitor without a tenant ever sees this screen; the others never download it.
const TenantRequired = lazy(() =>
  import('../errors/TenantRequired.tsx').then((m) => ({ default: m.TenantRequired })),
);

/** Loads the tenant, themes the page with its branding, and renders the app only once it has one. */
export function TenantGate({ children }: { children: ReactNode }) {
  const domain = useTenantDomain();
  const remembered = usePersisted('tenant');
  const rememberedMatches = remembered !== null && normaliseDomain(remembered.domain) === domain;

  const query = useQuery({
    queryKey: tenantQueryKey(domain ?? ''),
    queryFn: ({ signal }) => fetchTenant(domain as string, signal),
    enabled: domain !== null,
    // The remembered tenant paints at once; the fetch still runs and replaces it.
    initialData: rememberedMatches ? remembered : undefined,
    initialDataUpdatedAt: 0,
    staleTime: TENANT_STALE_MS,
  });

  const notFound = isApiError(query.error, 'NOT_FOUND');
  const tenant = notFound ? undefined : query.data;

  useLayoutEffect(() => {
    if (tenant) return applyBranding(tenant.branding);
  }, [tenant]);

  useEffect(() => {
    if (tenant && persistedStore.getState().tenant !== tenant) persistedStore.update({ tenant });
  }, [tenant]);

  useEffect(() => {
    if (notFound && rememberedMatches) persistedStore.clear(['tenant']);
  }, [notFound, rememberedMatches]);

  if (domain === null || notFound) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <TenantRequired />
      </Suspense>
    );
  }
  if (tenant) return <TenantContext value={tenant}>{children}</TenantContext>;
  if (query.isError) {
    return (
      <main id="main">
        <LoadProblem error={query.error} onRetry={() => query.refetch()} />
      </main>
    );
  }
  return <PageSpinner />;
}
