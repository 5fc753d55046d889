import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * SPEC §4 pagination: when the list says the page is not there (the list shrank, or a stale
 * link), go back to page 1 in place, keeping every other parameter.
 */
export function useBackToFirstPage(shouldReset: boolean) {
  const [, setSearch] = useSearchParams();
  useEffect(() => {
    if (!shouldReset) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [shouldReset, setSearch]);
}
