import { catalogueMessages, type SessionAnswer } from '@kindling/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../api/apiError.ts';
import { paths } from '../app/paths.ts';
import { showToast } from '../shell/showToast.ts';
import { persistedStore } from '../state/persistedStore.ts';
import { keepTenantParam } from '../tenant/keepTenantParam.ts';
import { type Auth, AuthContext, type SignOutOptions } from './AuthContext.ts';
import { endSession } from './endSession.ts';
import type { AuthStatus } from './guards.ts';
import { fetchSession, sessionQueryKey, signOutRequest } from './session.ts';

const SESSION_STALE_MS = 60_000;
const noPermissions: readonly string[] = [];

/** Knows who is signed in (the server's session is the truth) and offers sign-out. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: SESSION_STALE_MS,
    // A member coming back to the tab learns at once if the session was revoked meanwhile.
    refetchOnWindowFocus: true,
  });
  // Until a sign-out has arrived where it was going, guards hold still: left to themselves they
  // would send the now signed-out visitor home from the page they were on, cancelling the way to
  // the target. The router shows a new location in a transition, so arriving is read from it.
  const { pathname } = useLocation();
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  const leaving = leavingTo !== null && pathname !== leavingTo;
  useEffect(() => {
    if (leavingTo !== null && pathname === leavingTo) setLeavingTo(null);
  }, [leavingTo, pathname]);

  const answer = query.data;
  const user = answer?.user ?? null;
  const session = answer?.session ?? null;
  const status: AuthStatus =
    leaving || (!user && query.isPending) ? 'pending' : user ? 'signedIn' : 'signedOut';

  useEffect(() => {
    if (user && persistedStore.getState().user !== user) persistedStore.update({ user });
    // SPEC §4: the session check failing while user details exist signs the member out.
    if (answer === null && persistedStore.getState().user) {
      endSession(queryClient);
      showToast(catalogueMessages.UNAUTHORIZED, 'error');
    }
  }, [answer, user, queryClient]);

  const startSession = useCallback(
    (next: SessionAnswer) => queryClient.setQueryData(sessionQueryKey, next),
    [queryClient],
  );

  const signOut = useCallback(
    async ({ redirectTo = paths.home, notice }: SignOutOptions = {}) => {
      try {
        await signOutRequest();
      } catch (error) {
        // An already expired session is as good as signed out.
        if (!isApiError(error, 'UNAUTHORIZED')) {
          showToast('Logout failed, please try again.', 'error');
          return false;
        }
      }
      if (redirectTo === null) {
        endSession(queryClient);
        return true;
      }
      setLeavingTo(redirectTo);
      endSession(queryClient);
      await navigate(keepTenantParam(redirectTo, window.location.search), {
        replace: true,
        state: notice ? { notice } : undefined,
      });
      return true;
    },
    [queryClient, navigate],
  );

  const auth = useMemo<Auth>(() => {
    const permissions = user?.permissions ?? noPermissions;
    return {
      status,
      user,
      session,
      can: (permission) => permissions.includes(permission),
      startSession,
      signOut,
    };
  }, [status, user, session, startSession, signOut]);

  return <AuthContext value={auth}>{children}</AuthContext>;
}
