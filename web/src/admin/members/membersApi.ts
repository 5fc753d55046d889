import type { AdminUsersQuery, MemberStanding, Permission } from '@kindling/contract';
import { api } from '../../api/client.ts';
import type { AdminUsersPage } from '../adminApi.ts';

/** The members list's filters as the URL keeps them; absent means no filter. */
export interface MemberFilterValues {
  q: string;
  status: MemberStanding | '';
  roleId: number | null;
  schoolId: number | null;
  departmentId: number | null;
}

const MEMBERS_PAGE_SIZE = 20;

export const membersKey = (filters: MemberFilterValues, page: number) =>
  ['admin', 'users', 'members', filters, page] as const;

export function fetchMembers(
  filters: MemberFilterValues,
  page: number,
  signal?: AbortSignal,
): Promise<AdminUsersPage> {
  const query: Partial<Record<keyof AdminUsersQuery, string | number | null>> = {
    q: filters.q,
    status: filters.status,
    role_id: filters.roleId,
    school_id: filters.schoolId,
    department_id: filters.departmentId,
    page,
    page_size: MEMBERS_PAGE_SIZE,
  };
  return api.get('/admin/users', { query, signal });
}

type Message = { message: string };

export const setDisabled = (userId: number, disabled: boolean): Promise<Message> =>
  api.put(`/admin/users/${userId}/disabled`, { body: { disabled } });

/** CONTRACT §11: erases a member; their ideas and comments stay, shown as 'Former member'. */
export const eraseMember = (userId: number): Promise<Message> =>
  api.delete(`/admin/users/${userId}`);

export const resendClaimMail = (userId: number): Promise<Message> =>
  api.post(`/admin/users/${userId}/claim-mail`);

export const setRole = (
  userId: number,
  roleId: number,
  permissions: readonly Permission[],
): Promise<Message> =>
  api.put(`/admin/users/${userId}/role`, { body: { role_id: roleId, permissions } });
