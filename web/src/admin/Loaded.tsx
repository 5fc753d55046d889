import { type QueryKey, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadProblem } from '../errors/LoadProblem.tsx';
import { Spinner } from '../shell/Spinner.tsx';
import list from './MemberList.module.css';

interface LoadedProps<T> {
  queryKey: QueryKey;
  fetch(signal: AbortSignal): Promise<T>;
  /** The section, given what was loaded. */
  children(data: T): ReactNode;
}

/**
 * A console section's data (the overview's figures, the branding, terms and time zone): a
 * spinner while it loads, the failure with a retry, then the section.
 */
export function Loaded<T>({ queryKey, fetch, children }: LoadedProps<T>) {
  const query = useQuery({ queryKey, queryFn: ({ signal }) => fetch(signal) });
  if (query.isError) return <LoadProblem error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) {
    return (
      <div className={list.loading}>
        <Spinner />
      </div>
    );
  }
  return children(query.data);
}
