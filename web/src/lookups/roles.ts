import type { Role } from '@kindling/contract';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../api/apiError.ts';
import { rolesList } from './referenceLists.ts';

/** The tenant's university roles (public: the request form needs them before sign-in). */
export function useRoles(tenantId: number) {
  const list = rolesList(tenantId);
  return useQuery({ queryKey: list.queryKey, queryFn: list.queryFn, staleTime: 5 * 60_000 });
}

/** SPEC §8 roles messages: no authorisation to read them, or a tenant without any. */
export function rolesProblem(error: unknown, roles: readonly Role[] | undefined): string | null {
  if (isApiError(error, 'FORBIDDEN')) return 'You do not have authorization for University Roles.';
  if (error) return isApiError(error) ? error.message : 'An unknown error occurred.';
  if (roles && roles.length === 0) return 'There are no university roles';
  return null;
}
