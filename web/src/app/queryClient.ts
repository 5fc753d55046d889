import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { type ApiError, isApiError } from '../api/apiError.ts';
import { endSession } from '../auth/endSession.ts';
import { sessionQueryKey } from '../auth/session.ts';
import { showToast } from '../shell/showToast.ts';

const MAX_RETRIES = 2;

/** Only failures that may pass on their own are retried; a 4xx answer will not change. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  return isApiError(error, 'ERR_NETWORK') || (isApiError(error) && error.status >= 500);
}

export function createQueryClient(): QueryClient {
  const onCallError = (error: unknown) => {
    // A 401 on any call while signed in means the session ended (SPEC §9 lifetimes): sign out here too.
    if (isApiError(error, 'UNAUTHORIZED') && queryClient.getQueryData(sessionQueryKey)) {
      endSession(queryClient);
      showToast(error.message, 'error');
    }
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: onCallError }),
    mutationCache: new MutationCache({ onError: onCallError }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

declare module '@tanstack/react-query' {
  // Every query and mutation goes through the API client, which rejects with ApiError only.
  interface Register {
    defaultError: ApiError;
  }
}
