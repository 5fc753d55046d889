// biome-ignore-all lint/a11y/noRedundantRoles: browsers drop table semantics from cells restyled as blocks (the stacked entries at the mobile breakpoint); the roles keep them.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../api/apiError.ts';
import { LoadProblem } from '../../errors/LoadProblem.tsx';
import buttons from '../../shell/buttons.module.css';
import { Spinner } from '../../shell/Spinner.tsx';
import list from '../MemberList.module.css';
import { Pager } from '../Pager.tsx';
import { AuditFilters } from './AuditFilters.tsx';
import styles from './AuditSection.module.css';
import { type AuditFilterValues, auditCsvHref, auditKey, fetchAudit } from './auditApi.ts';

const filterKeys = ['action', 'actor', 'from', 'to', 'q'] as const;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** Every administrative change and sign-in burst, newest first, filtered and exportable. */
export function AuditSection() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(
    () =>
      Object.fromEntries(
        filterKeys.map((key) => [key, params.get(key) ?? '']),
      ) as unknown as AuditFilterValues,
    [params],
  );
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery({
    queryKey: auditKey(filters, page),
    queryFn: ({ signal }) => fetchAudit(filters, page, signal),
    placeholderData: keepPreviousData,
  });

  const apply = useCallback(
    (next: AuditFilterValues) =>
      setParams(() => {
        const updated = new URLSearchParams();
        for (const key of filterKeys) if (next[key]) updated.set(key, next[key]);
        return updated;
      }),
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
  const pastTheEnd = isApiError(query.error, 'NOT_FOUND') && page > 1;
  useEffect(() => {
    if (pastTheEnd) setPage(1);
  }, [pastTheEnd, setPage]);

  const data = query.data;
  return (
    <div className={styles.section}>
      <AuditFilters filters={filters} actions={data?.actions ?? []} onApply={apply} />
      {query.isError && !pastTheEnd ? (
        isApiError(query.error, 'BAD_REQUEST') ? (
          <p className={styles.problem} role="alert">
            {query.error.message}
          </p>
        ) : (
          <LoadProblem error={query.error} onRetry={() => query.refetch()} />
        )
      ) : !data ? (
        <div className={list.loading}>
          <Spinner />
        </div>
      ) : (
        <>
          <div className={styles.toolbar}>
            <p className={list.count} aria-live="polite">
              {data.total_count === 1
                ? '1 entry'
                : `${data.total_count.toLocaleString('en-US')} entries`}
            </p>
            <a className={buttons.secondary} href={auditCsvHref(filters)} download>
              Download CSV
            </a>
          </div>
          {data.entries.length === 0 ? (
            <div className={list.empty}>
              <h3>No entries</h3>
              <p>Nothing in the log matches these filters.</p>
            </div>
          ) : (
            <div className={styles.frame}>
              <table className={styles.table} role="table">
                <caption className="visually-hidden">Audit log, newest first</caption>
                <thead role="rowgroup">
                  <tr role="row">
                    <th scope="col" role="columnheader">
                      When
                    </th>
                    <th scope="col" role="columnheader">
                      Who
                    </th>
                    <th scope="col" role="columnheader">
                      Action
                    </th>
                    <th scope="col" role="columnheader">
                      What
                    </th>
                  </tr>
                </thead>
                <tbody role="rowgroup">
                  {data.entries.map((entry) => (
                    <tr key={entry.id} role="row">
                      <td role="cell" className={styles.when}>
                        <time dateTime={entry.created_at}>{when(entry.created_at)}</time>
                      </td>
                      <td role="cell" className={styles.who}>
                        {entry.actor_email ?? 'System'}
                      </td>
                      <td role="cell">
                        <code className={styles.action}>{entry.action}</code>
                      </td>
                      <td role="cell" className={styles.what}>
                        {entry.summary}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={page} totalPages={data.total_pages} onPage={setPage} />
        </>
      )}
    </div>
  );
}
