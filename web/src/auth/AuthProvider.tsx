import type { Permission } from '@kindling/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../api/apiError.ts';
import { paths } from '../app/paths.ts';
import { showToast } from '../shell/toasts.ts';
import { persistedStore } from '../state/persistedStore.ts';
import { keepTenantParam } from '../tenant/keepTenantParam.ts';
import { type Auth, AuthContext } from './AuthContext.ts';
import { endSession } from './endSession.ts';
import type { AuthStatus } from './guards.ts';
import { fetchSession, type SessionAnswer, sessionQueryKey, signOutRequest } from './session.ts';

const SESSION_STALE_MS = 60_000;
const noPermissions: readonly Permission[] = [];

/** Knows who is signed in (the server's session is the truth) and offers sign-out. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const session = useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: SESSION_STALE_MS,
  });
  const answer = session.data;
  const user = answer?.user ?? null;
  const status: AuthStatus = user ? 'signedIn' : session.isPending ? 'pending' : 'signedOut';

  useEffect(() => {
    if (user && persistedStore.getState().user !== user) persistedStore.update({ user });
    if (answer === null && persistedStore.getState().user) persistedStore.clear(['user']);
  }, [answer, user]);

  const startSession = useCallback(
    (next: SessionAnswer) => queryClient.setQueryData(sessionQueryKey, next),
    [queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      await signOutRequest();
    } catch (error) {
      // An already expired session is as good as signed out.
      if (!isApiError(error, 'UNAUTHORIZED')) {
        showToast('Logout failed, please try again.', 'error');
        return false;
      }
    }
    endSession(queryClient);
    navigate(keepTenantParam(paths.home, window.location.search), { replace: true });
    return true;
  }, [queryClient, navigate]);

  const auth = useMemo<Auth>(() => {
    const permissions = user?.permissions ?? noPermissions;
    return {
      status,
      user,
      permissions,
      can: (permission) => permissions.includes(permission),
      startSession,
      signOut,
    };
  }, [status, user, startSession, signOut]);

  return <AuthContext value={auth}>{children}</AuthContext>;
}
