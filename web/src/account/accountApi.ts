import type { PasswordChangeBody, SessionsAnswer } from '@kindling/contract';
import { api } from '../api/client.ts';

/** What the account's changes answer: a sentence to show. */
type Said = { message: string };

/** CONTRACT §11's session list, one query per member (the session changes the cache's owner). */
export const sessionsKey = ['account', 'sessions'] as const;

export const fetchSessions = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<SessionsAnswer>('/auth/sessions', { signal });

export const endSession = (id: number) => api.delete<Said>(`/auth/sessions/${id}`);

export const endOtherSessions = () => api.post<Said>('/auth/sessions/revoke-others');

export const changePassword = (body: PasswordChangeBody) =>
  api.put<Said>('/auth/password', { body });
