import type { OverviewAnswer } from '@kindling/contract';
import { api } from '../../api/client.ts';

export const overviewKey = ['admin', 'overview'] as const;

export const fetchOverview = (signal?: AbortSignal): Promise<OverviewAnswer> =>
  api.get('/admin/overview', { signal });
