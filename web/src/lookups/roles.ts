import type { Role } from '@kindling/contract';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../api/apiError.ts';
import { useFirstPaintDone } from '../shell/useFirstPaintDone.ts';
import { usePersisted } from '../state/usePersisted.ts';
import { rolesList } from './referenceLists.ts';

/**
 * The tenant's university roles, the one way the web reads them (public: the request form needs
 * them before sign-in). Signed in, the query is the one the reference data keeps fresh, and the
 * persisted copy of it stands in until it answers, as the other lists' copies do. Asked for once
 * the first screen has painted, which the list's select does not hold up (docs/decisions/0054).
 */
export function useRoles(tenantId: number) {
  const list = rolesList(tenantId);
  const saved = usePersisted('roles');
  return useQuery({
    queryKey: list.queryKey,
    queryFn: list.queryFn,
    staleTime: 5 * 60_000,
    placeholderData: saved.length > 0 ? saved : undefined,
    enabled: useFirstPaintDone(),
  });
}

/** SPEC §8 roles messages: no authorisation to read them, or a tenant without any. */
export function rolesProblem(error: unknown, roles: readonly Role[] | undefined): string | null {
  if (isApiError(error, 'FORBIDDEN')) return 'You do not have authorization for University Roles.';
  if (error) return isApiError(error) ? error.message : 'An unknown error occurred.';
  if (roles && roles.length === 0) return 'There are no university roles';
  return null;
}
