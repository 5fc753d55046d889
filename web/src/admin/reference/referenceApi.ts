import type {
  AdminDepartments,
  AdminIpStatuses,
  AdminRoles,
  AdminSchools,
  AdminSupport,
  ReferenceUpdate,
  RoleUpdate,
} from '@kindling/contract';
import { api } from '../../api/client.ts';

export type NamedKind = 'school' | 'support' | 'ip-status';
export type Kind = NamedKind | 'department' | 'role';

/** Each kind's path under /admin and the member-facing list it feeds (referenceLists.ts keys). */
const kinds: Record<Kind, { path: string; publicKey: string }> = {
  school: { path: 'schools', publicKey: 'schools' },
  department: { path: 'departments', publicKey: 'departments' },
  support: { path: 'support', publicKey: 'support' },
  'ip-status': { path: 'ip-status', publicKey: 'ip-status' },
  role: { path: 'roles', publicKey: 'roles' },
};

export const referenceKey = (kind: Kind) => ['admin', 'reference', kind] as const;

export const fetchSchools = (signal: AbortSignal) =>
  api.get<AdminSchools>('/admin/schools', { signal }).then((a) => a.schools);
export const fetchDepartments = (signal: AbortSignal) =>
  api.get<AdminDepartments>('/admin/departments', { signal }).then((a) => a.departments);
export const fetchSupport = (signal: AbortSignal) =>
  api.get<AdminSupport>('/admin/support', { signal }).then((a) => a.support_or_partnership);
export const fetchIpStatuses = (signal: AbortSignal) =>
  api.get<AdminIpStatuses>('/admin/ip-status', { signal }).then((a) => a.ip_statuses);
export const fetchRoles = (signal: AbortSignal) =>
  api.get<AdminRoles>('/admin/roles', { signal }).then((a) => a.roles);

export function addEntry(
  kind: NamedKind | 'department',
  body: { name: string; school_id?: number },
) {
  return api.post<{ id: number }>(`/admin/${kinds[kind].path}`, { body });
}

export function updateEntry(kind: NamedKind | 'department', id: number, body: ReferenceUpdate) {
  return api.put<{ message: string }>(`/admin/${kinds[kind].path}/${id}`, { body });
}

export function updateRole(id: number, body: RoleUpdate) {
  return api.put<{ message: string }>(`/admin/roles/${id}`, { body });
}

/**
 * What a change refreshes: the console's list, and the members' list of that kind, so pickers and
 * filters show the new name now rather than at the next 15-minute refresh.
 */
export const refreshKeys = (kind: Kind) => [referenceKey(kind), [kinds[kind].publicKey]];
