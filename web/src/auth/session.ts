import type { SessionAnswer } from '@kindling/contract';
import { isApiError } from '../api/apiError.ts';
import { api } from '../api/client.ts';

export const sessionQueryKey = ['session'] as const;

/**
 * The current session, or null when signed out. `optional` makes a signed-out answer a 204 with
 * no body rather than a 401, which the browser would log as a failed request on public pages.
 */
export async function fetchSession(
  signal?: AbortSignal,
  sent?: Promise<Response>,
): Promise<SessionAnswer | null> {
  try {
    return (
      (await api.get<SessionAnswer | undefined>('/auth/session', {
        query: { optional: 'true' },
        signal,
        sent,
      })) ?? null
    );
  } catch (error) {
    if (isApiError(error, 'UNAUTHORIZED')) return null;
    throw error;
  }
}

export function signOutRequest(): Promise<{ message: string }> {
  return api.post('/auth/sign-out');
}
