import {
  type Department,
  type departmentsAnswer,
  type ipStatusAnswer,
  limits,
  type Named,
  type Role,
  type rolesAnswer,
  type schoolsAnswer,
  type supportAnswer,
} from '@kindling/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../api/client.ts';
import type { PersistedState } from '../state/persistedState.ts';

type Answer<T extends z.ZodType> = z.infer<T>;

/** One list of reference data (SPEC §3 persisted slices): its query and the slice it fills. */
export interface ReferenceList<T> {
  slice: keyof Pick<
    PersistedState,
    'roles' | 'support_or_partnership' | 'ip_statuses' | 'schools' | 'departments'
  >;
  queryKey: readonly unknown[];
  queryFn(context: { signal: AbortSignal }): Promise<T[]>;
}

export const rolesList = (tenantId: number): ReferenceList<Role> => ({
  slice: 'roles',
  queryKey: ['roles', tenantId],
  queryFn: async ({ signal }) =>
    (
      await api.get<Answer<typeof rolesAnswer>>('/roles', {
        query: { tenant_id: tenantId },
        signal,
      })
    ).roles,
});

/** The lists loaded after sign-in and every 15 minutes while signed in (SPEC §4, §7). */
export function referenceLists(tenantId: number): ReferenceList<Named | Department | Role>[] {
  return [
    rolesList(tenantId),
    {
      slice: 'support_or_partnership',
      queryKey: ['support', tenantId],
      queryFn: async ({ signal }) =>
        (
          await api.get<Answer<typeof supportAnswer>>('/support', {
            query: { tenant_id: tenantId },
            signal,
          })
        ).support_or_partnership,
    },
    {
      slice: 'ip_statuses',
      queryKey: ['ip-status', tenantId],
      queryFn: async ({ signal }) =>
        (
          await api.get<Answer<typeof ipStatusAnswer>>('/ip-status', {
            query: { tenant_id: tenantId },
            signal,
          })
        ).ip_statuses,
    },
    {
      slice: 'schools',
      queryKey: ['schools', tenantId],
      queryFn: async ({ signal }) =>
        (await api.get<Answer<typeof schoolsAnswer>>('/schools', { signal })).schools,
    },
    {
      slice: 'departments',
      queryKey: ['departments', tenantId],
      queryFn: async ({ signal }) =>
        (await api.get<Answer<typeof departmentsAnswer>>('/departments', { signal })).departments,
    },
  ];
}

export const REFERENCE_REFRESH_MS = limits.referenceDataRefreshMs;

/**
 * Fetches every list into the query cache, for sign-in to wait on before it shows the first
 * signed-in screen (SPEC §4). A list that fails is left for the periodic refresh to retry.
 */
export async function loadReferenceData(queryClient: QueryClient, tenantId: number): Promise<void> {
  await Promise.allSettled(
    referenceLists(tenantId).map((list) =>
      queryClient.fetchQuery({ queryKey: list.queryKey, queryFn: list.queryFn }),
    ),
  );
}
