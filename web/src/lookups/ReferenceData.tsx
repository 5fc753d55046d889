import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { persistedStore } from '../state/persistedStore.ts';
import { useTenant } from '../tenant/TenantContext.ts';
import { fetchTenant, tenantQueryKey } from '../tenant/tenantApi.ts';
import { REFERENCE_REFRESH_MS, type ReferenceList, referenceLists } from './referenceData.ts';

const refresh = { refetchInterval: REFERENCE_REFRESH_MS, staleTime: REFERENCE_REFRESH_MS };

/** One list kept fresh and copied into its persisted slice whenever it changes. */
function ReferenceListLoader({ list }: { list: ReferenceList<unknown> }) {
  const { data } = useQuery({ queryKey: list.queryKey, queryFn: list.queryFn, ...refresh });
  useEffect(() => {
    if (data && persistedStore.getState()[list.slice] !== data) {
      persistedStore.update({ [list.slice]: data });
    }
  }, [data, list.slice]);
  return null;
}

/**
 * Keeps the signed-in member's reference data fresh (SPEC §4): the tenant and the lookup lists,
 * loaded at once and every 15 minutes, copied into the persisted slices the screens read.
 */
export function ReferenceData() {
  const tenant = useTenant();
  useQuery({
    queryKey: tenantQueryKey(tenant.domain),
    queryFn: ({ signal }) => fetchTenant(tenant.domain, signal),
    ...refresh,
  });
  return referenceLists(tenant.id).map((list) => (
    <ReferenceListLoader key={list.slice} list={list} />
  ));
}
