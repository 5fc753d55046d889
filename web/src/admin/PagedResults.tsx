import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../api/apiError.ts';
import { LoadProblem } from '../errors/LoadProblem.tsx';
import { Pager } from '../lists/Pager.tsx';
import { useBackToFirstPage } from '../lists/useBackToFirstPage.ts';
import { Spinner } from '../shell/Spinner.tsx';
import list from './MemberList.module.css';

interface PagedResultsProps<T extends { total_count: number; total_pages: number }> {
  /** The page's query, keyed by the filters and the page, keeping the previous page's data. */
  query: UseQueryResult<T>;
  page: number;
  /** What the count says of one row and of more ("idea", "ideas"). */
  noun: [one: string, many: string];
  /** The page's rows, the empty state standing in for none. */
  rows(data: T): readonly unknown[];
  empty: { title: string; text: string };
  /** The rows drawn. */
  children(data: T): ReactNode;
}

/**
 * A console list's page (members, ideas): the spinner, the failure with a retry, the count, the
 * rows or the empty state, and the pager. A page past the last goes back to page 1.
 */
export function PagedResults<T extends { total_count: number; total_pages: number }>({
  query,
  page,
  noun: [one, many],
  rows,
  empty,
  children,
}: PagedResultsProps<T>) {
  const pastTheEnd = isApiError(query.error, 'NOT_FOUND') && page > 1;
  useBackToFirstPage(pastTheEnd);
  const data = query.data;
  if (query.isError && !pastTheEnd) {
    return <LoadProblem error={query.error} onRetry={() => query.refetch()} />;
  }
  if (!data) {
    return (
      <div className={list.loading}>
        <Spinner />
      </div>
    );
  }
  return (
    <>
      <p className={list.count} aria-live="polite">
        {data.total_count === 1 ? `1 ${one}` : `${data.total_count} ${many}`}
        {query.isFetching && <span className="visually-hidden"> (updating)</span>}
      </p>
      {rows(data).length === 0 ? (
        <div className={list.empty}>
          <h3>{empty.title}</h3>
          <p>{empty.text}</p>
        </div>
      ) : (
        children(data)
      )}
      <Pager page={page} totalPages={data.total_pages} />
    </>
  );
}
