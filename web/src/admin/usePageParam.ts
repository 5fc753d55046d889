import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The list page kept in the URL's `page` (absent on the first page), so a reload keeps it. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const onPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next > 1) updated.set('page', String(next));
        else updated.delete('page');
        return updated;
      }),
    [setParams],
  );
  return [page, onPage];
}
