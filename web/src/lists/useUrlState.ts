import { useCallback, useMemo } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';
import { pageParam, readUrl, type UrlShape, type ValuesOf, writeUrl } from './urlState.ts';

type Paged = UrlShape & { page: typeof pageParam };
type FiltersOf<Shape extends Paged> = Omit<ValuesOf<Shape>, 'page'>;

/**
 * A list's filters and page, read from the URL and written back to it (with `options`, such as
 * replacing the history entry). Changing filters starts again from page 1: the old page may not
 * exist any more. The page itself changes through the Pager's links.
 */
export function useUrlState<Shape extends Paged>(shape: Shape, options?: NavigateOptions) {
  const [params, setParams] = useSearchParams();
  // One object per URL, so effects and query keys that depend on the filters see a change only
  // when the URL changes.
  const { page, filters } = useMemo(() => {
    const { page, ...filters } = readUrl(shape, params);
    return { page: page as number, filters: filters as FiltersOf<Shape> };
  }, [shape, params]);
  const setFilters = useCallback(
    (changes: Partial<FiltersOf<Shape>>) =>
      setParams(
        (current) => writeUrl(shape, { ...readUrl(shape, current), ...changes, page: 1 }, current),
        options,
      ),
    [shape, setParams, options],
  );
  return { page, filters, setFilters };
}

const pageOnly = { page: pageParam };

/** The page of a list whose only URL state is its page. */
export function usePage(): number {
  return useUrlState(pageOnly).page;
}
