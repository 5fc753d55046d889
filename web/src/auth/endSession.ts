import type { QueryClient } from '@tanstack/react-query';
import type { SliceName } from '../state/persistedState.ts';
import { persistedStore } from '../state/persistedStore.ts';
import { sessionQueryKey } from './session.ts';

/** What a signed-out browser must not keep: the member and the reference data loaded for them. */
const memberSlices: readonly SliceName[] = [
  'user',
  'roles',
  'support_or_partnership',
  'departments',
  'schools',
  'ip_statuses',
];

/** Query roots that do not depend on who is signed in, kept across a sign-out. */
const publicQueryRoots = new Set<unknown>(['session', 'tenant', 'terms']);

/** Forgets everything that belonged to the signed-in member, after sign-out or session expiry. */
export function endSession(queryClient: QueryClient): void {
  persistedStore.clear(memberSlices);
  queryClient.setQueryData(sessionQueryKey, null);
  queryClient.removeQueries({ predicate: (query) => !publicQueryRoots.has(query.queryKey[0]) });
}
