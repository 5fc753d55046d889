import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { IdeaFilterValues, IdOrNone } from './ideasAdminApi.ts';

const idParam = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};
const idOrNone = (value: string | null): IdOrNone => (value === 'none' ? 'none' : idParam(value));

const keys = { q: 'q', ipStatusId: 'ip', schoolId: 'school', caseManagerId: 'cm' } as const;

/** The ideas list's filters and page in the URL; changing a filter goes back to page 1. */
export function useIdeaFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<IdeaFilterValues>(
    () => ({
      q: params.get(keys.q) ?? '',
      ipStatusId: idOrNone(params.get(keys.ipStatusId)),
      schoolId: idParam(params.get(keys.schoolId)),
      caseManagerId: idOrNone(params.get(keys.caseManagerId)),
    }),
    [params],
  );
  const page = Math.max(1, Number(params.get('page')) || 1);

  const setFilters = useCallback(
    (changes: Partial<IdeaFilterValues>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [field, value] of Object.entries(changes)) {
            const key = keys[field as keyof IdeaFilterValues];
            if (value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next > 1) updated.set('page', String(next));
        else updated.delete('page');
        return updated;
      }),
    [setParams],
  );
  return { filters, page, setFilters, setPage };
}
