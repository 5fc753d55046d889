import type { ErasureBody, PasswordChangeBody, SessionsAnswer } from '@kindling/contract';
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

/** CONTRACT §11: the export is a download the browser saves, named by the server. */
export const dataExportUrl = '/api/v1/me/export';

export const eraseAccount = (body: ErasureBody) => api.delete<Said>('/me', { body });
