import type { adminUsersAnswer, createdAnswer, createProfileBody } from '@kindling/contract';
import type { z } from 'zod';
import { api } from '../api/client.ts';

export type AdminUsersPage = z.infer<typeof adminUsersAnswer>;
export type CreateProfileValues = z.output<typeof createProfileBody>;

/** Approval states of SPEC §9 as the administration lists filter them. */
export type AdminStatusFilter = 1 | 2 | 3 | undefined;

export const adminUsersKey = (adminStatusId: AdminStatusFilter, page: number) =>
  ['admin', 'users', adminStatusId ?? 'all', page] as const;

export function fetchAdminUsers(
  adminStatusId: AdminStatusFilter,
  page: number,
  signal?: AbortSignal,
): Promise<AdminUsersPage> {
  return api.get('/admin/users', {
    query: { admin_status_id: adminStatusId, page, page_size: 20 },
    signal,
  });
}

export function setApproval(userId: number, adminStatusId: 2 | 3): Promise<{ message: string }> {
  return api.put(`/admin/users/${userId}/approval`, { body: { admin_status_id: adminStatusId } });
}

export function createProfile(body: CreateProfileValues): Promise<z.infer<typeof createdAnswer>> {
  return api.post('/admin/users', { body });
}
