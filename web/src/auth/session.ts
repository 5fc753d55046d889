import type { Permission } from '@kindling/contract';
import { isApiError } from '../api/apiError.ts';
import { api } from '../api/client.ts';

/** SPEC §3 user details, as the session and sign-in answers carry them (CONTRACT §3). */
export interface SessionUser {
  id: string;
  userId: number;
  name: string;
  email: string;
  profileImageUrl: string | null;
  roleId: number;
  schoolName: string | null;
  departmentName: string | null;
  permissions: Permission[];
  isRememberSession: boolean;
}

export interface SessionAnswer {
  user: SessionUser;
  session: { issued_at: string; auth_time: string; expires_at: string };
}

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
