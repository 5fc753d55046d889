import type { SessionAnswer } from '@kindling/contract';
import { isApiError } from '../api/apiError.ts';
import { api } from '../api/client.ts';

export const sessionQueryKey = ['session'] as const;

/** The current session, or null when signed out (the server answers 401). */
export async function fetchSession(signal?: AbortSignal): Promise<SessionAnswer | null> {
  try {
    return await api.get<SessionAnswer>('/auth/session', { signal });
  } catch (error) {
    if (isApiError(error, 'UNAUTHORIZED')) return null;
    throw error;
  }
}

export function signOutRequest(): Promise<{ message: string }> {
  return api.post('/auth/sign-out');
}
