import { replaceEqualDeep, useQueries, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useFirstPaintDone } from '../shell/useFirstPaintDone.ts';
import type { PersistedState } from '../state/persistedState.ts';
import { persistedStore } from '../state/persistedStore.ts';
import { useTenant } from '../tenant/TenantContext.ts';
import { fetchTenant, tenantQueryKey } from '../tenant/tenantApi.ts';
import { REFERENCE_REFRESH_MS, type ReferenceList, referenceLists } from './referenceLists.ts';

const refresh = { refetchInterval: REFERENCE_REFRESH_MS, staleTime: REFERENCE_REFRESH_MS };

/**
 * Keeps the signed-in member's reference data fresh (SPEC §4): the tenant and the lookup lists,
 * loaded at once and every 15 minutes, copied into the persisted slices the screens read.
 * The lists are copied in one write once none is still loading: each write serialises the whole
 * persisted state and re-renders every reader, and five of them landed as separate long tasks
 * right after a screen's first paint (decision 0017, follow-up). None is asked for before the
 * first screen has painted, which shows none of them (decision 0054). A list equal to the one the
 * store holds (restored from the last visit, the usual case) is not written: an equal copy would
 * re-render every part of the screen that reads it, for nothing.
 */
export function ReferenceData() {
  const tenant = useTenant();
  const enabled = useFirstPaintDone();
  useQuery({
    queryKey: tenantQueryKey(tenant.domain),
    queryFn: ({ signal }) => fetchTenant(tenant.domain, signal),
    ...refresh,
    enabled,
  });
  const lists: ReferenceList<unknown>[] = referenceLists(tenant.id);
  const settled = useQueries({
    queries: lists.map((list) => ({
      queryKey: list.queryKey,
      queryFn: list.queryFn,
      ...refresh,
      enabled,
    })),
    combine: (results) =>
      results.some((result) => result.isFetching) ? undefined : results.map(({ data }) => data),
  });
  useEffect(() => {
    if (!settled) return;
    const state = persistedStore.getState();
    const patch: Partial<PersistedState> = {};
    settled.forEach((data, index) => {
      const slice = lists[index]?.slice;
      if (!slice || !data) return;
      const kept = replaceEqualDeep(state[slice], data);
      if (kept !== state[slice]) Object.assign(patch, { [slice]: kept });
    });
    if (Object.keys(patch).length > 0) persistedStore.update(patch);
  });
  return null;
}
