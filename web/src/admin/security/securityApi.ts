import type { AdminSecurity } from '@kindling/contract';
import { api } from '../../api/client.ts';

export const adminSecurityKey = ['admin', 'security'] as const;

export const fetchAdminSecurity = (signal?: AbortSignal): Promise<AdminSecurity> =>
  api.get('/admin/security', { signal });

export const saveAdminSecurity = (body: AdminSecurity): Promise<AdminSecurity> =>
  api.put('/admin/security', { body });
