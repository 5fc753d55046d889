import { idParam, useUrlFilters } from '../useUrlFilters.ts';
import type { IdeaFilterValues, IdOrNone } from './ideasAdminApi.ts';

const idOrNone = (value: string | null): IdOrNone => (value === 'none' ? 'none' : idParam(value));

const keys = { q: 'q', ipStatusId: 'ip', schoolId: 'school', caseManagerId: 'cm' } as const;

const read = (params: URLSearchParams): IdeaFilterValues => ({
  q: params.get(keys.q) ?? '',
  ipStatusId: idOrNone(params.get(keys.ipStatusId)),
  schoolId: idParam(params.get(keys.schoolId)),
  caseManagerId: idOrNone(params.get(keys.caseManagerId)),
});

/** The ideas list's filters and page in the URL; changing a filter goes back to page 1. */
export const useIdeaFilters = () => useUrlFilters<IdeaFilterValues>(keys, read);
