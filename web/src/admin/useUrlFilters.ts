import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { usePageParam } from './usePageParam.ts';

/** A positive id from the URL, or null for anything else. */
export const idParam = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * A console list's filters and page, kept in the URL so a reload or a shared link shows the same
 * list. `keys` names each filter's URL parameter; `read` turns the URL back into filter values,
 * refusing what it does not know. Changing a filter goes back to the first page.
 */
export function useUrlFilters<F extends object>(
  keys: { readonly [K in keyof F]: string },
  read: (params: URLSearchParams) => F,
) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => read(params), [params, read]);
  const [page, setPage] = usePageParam();

  const setFilters = useCallback(
    (changes: Partial<F>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [field, value] of Object.entries(changes)) {
            const key = keys[field as keyof F];
            if (value === null || value === '' || value === undefined) next.delete(key);
            else next.set(key, String(value));
          }
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams, keys],
  );
  return { filters, page, setFilters, setPage };
}
