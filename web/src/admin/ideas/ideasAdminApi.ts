import type { AdminIdeasAnswer, AdminIdeasQuery, CaseManagerCandidate } from '@kindling/contract';
import { api } from '../../api/client.ts';

/** `'none'` asks for ideas without a value there; null is no filter. */
export type IdOrNone = number | 'none' | null;

export interface IdeaFilterValues {
  q: string;
  ipStatusId: IdOrNone;
  schoolId: number | null;
  caseManagerId: IdOrNone;
}

const IDEAS_PAGE_SIZE = 20;

export const adminIdeasKey = (filters: IdeaFilterValues, page: number) =>
  ['admin', 'ideas', filters, page] as const;

export function fetchAdminIdeas(
  filters: IdeaFilterValues,
  page: number,
  signal?: AbortSignal,
): Promise<AdminIdeasAnswer> {
  const query: Partial<Record<keyof AdminIdeasQuery, string | number | null>> = {
    q: filters.q,
    ip_status_id: filters.ipStatusId,
    school_id: filters.schoolId,
    case_manager_id: filters.caseManagerId,
    page,
    page_size: IDEAS_PAGE_SIZE,
  };
  return api.get('/admin/ideas', { query, signal });
}

export const caseManagersKey = (q: string) => ['admin', 'case-managers', q] as const;

export async function fetchCaseManagers(
  q: string,
  signal?: AbortSignal,
): Promise<CaseManagerCandidate[]> {
  const answer = await api.get<{ users: CaseManagerCandidate[] }>('/admin/case-managers', {
    query: { q },
    signal,
  });
  return answer.users;
}

type Message = { message: string };

export const assignCaseManager = (ideaId: number, caseManagerId: number | null): Promise<Message> =>
  api.put(`/admin/ideas/${ideaId}/case-manager`, { body: { case_manager_id: caseManagerId } });

export const removeIdea = (ideaId: number): Promise<Message> =>
  api.delete(`/admin/ideas/${ideaId}`);
