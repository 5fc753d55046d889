import type { AuditAnswer } from '@kindling/contract';
import { api, toQueryString } from '../../api/client.ts';

/** The audit filters as the URL and the form keep them; '' is no filter. */
export interface AuditFilterValues {
  action: string;
  actor: string;
  from: string;
  to: string;
  q: string;
}

const AUDIT_PAGE_SIZE = 25;

export const auditKey = (filters: AuditFilterValues, page: number) =>
  ['admin', 'audit', filters, page] as const;

export const fetchAudit = (
  filters: AuditFilterValues,
  page: number,
  signal?: AbortSignal,
): Promise<AuditAnswer> =>
  api.get('/admin/audit', { query: { ...filters, page, page_size: AUDIT_PAGE_SIZE }, signal });

/** The export of the same filters; the browser downloads it with the session cookie. */
export const auditCsvHref = (filters: AuditFilterValues) =>
  `/api/v1/admin/audit.csv${toQueryString({ ...filters })}`;
