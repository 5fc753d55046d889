// biome-ignore-all lint/a11y/noRedundantRoles: browsers drop table semantics from cells restyled as blocks (the stacked entries at the mobile breakpoint); the roles keep them.

import type { AuditQuery } from '@kindling/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../api/apiError.ts';
import { LoadProblem } from '../../errors/LoadProblem.tsx';
import { Pager } from '../../lists/Pager.tsx';
import { listParams, pageParam, textParam } from '../../lists/urlState.ts';
import { useBackToFirstPage } from '../../lists/useBackToFirstPage.ts';
import { useUrlState } from '../../lists/useUrlState.ts';
import buttons from '../../shell/buttons.module.css';
import { Spinner } from '../../shell/Spinner.tsx';
import { TableHead } from '../ConsoleTable.tsx';
import list from '../MemberList.module.css';
import { AuditFilters } from './AuditFilters.tsx';
import styles from './AuditSection.module.css';
import { auditCsvHref, auditKey, fetchAudit } from './auditApi.ts';

const auditListUrl = listParams<AuditQuery>()({
  action: textParam('action'),
  actor: textParam('actor'),
  from: textParam('from'),
  to: textParam('to'),
  q: textParam('q'),
  page: pageParam,
});

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
  const { page, filters, setFilters } = useUrlState(auditListUrl);
  const query = useQuery({
    queryKey: auditKey(filters, page),
    queryFn: ({ signal }) => fetchAudit(filters, page, signal),
    placeholderData: keepPreviousData,
  });

  const pastTheEnd = isApiError(query.error, 'NOT_FOUND') && page > 1;
  useBackToFirstPage(pastTheEnd);

  const data = query.data;
  return (
    <div className={list.section}>
      <AuditFilters filters={filters} actions={data?.actions ?? []} onApply={setFilters} />
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
                <TableHead roles columns={['When', 'Who', 'Action', 'What']} />
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
          <Pager page={page} totalPages={data.total_pages} />
        </>
      )}
    </div>
  );
}
