import type { AdminUser } from '@kindling/contract';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../api/apiError.ts';
import { useRowChange } from '../api/useRowChange.ts';
import { LoadProblem } from '../errors/LoadProblem.tsx';
import { Pager } from '../lists/Pager.tsx';
import { useBackToFirstPage } from '../lists/useBackToFirstPage.ts';
import { usePage } from '../lists/useUrlState.ts';
import { Spinner } from '../shell/Spinner.tsx';
import { type AdminStatusFilter, adminUsersKey, fetchAdminUsers, setApproval } from './adminApi.ts';
import styles from './MemberList.module.css';
import { type Decision, MemberTable } from './MemberTable.tsx';

interface MemberListProps {
  adminStatusId: AdminStatusFilter;
  empty: { title: string; message: string };
}

/** One page of members from the administration API, with approve and decline. */
export function MemberList({ adminStatusId, empty }: MemberListProps) {
  const page = usePage();
  const query = useQuery({
    queryKey: adminUsersKey(adminStatusId, page),
    queryFn: ({ signal }) => fetchAdminUsers(adminStatusId, page, signal),
  });

  const { busy, run } = useRowChange<AdminUser>('approval', ['admin', 'users']);
  const decide = (user: AdminUser, decision: Decision) => {
    const name = `${user.first_name} ${user.last_name}`;
    run(user, async () => {
      await setApproval(user.id, decision);
      return decision === 2
        ? `Approved ${name}.${user.has_account ? '' : ' A link to claim the profile was emailed.'}`
        : `Declined ${name}.`;
    });
  };

  // A page emptied by the last decision on it sends the list back to the first page (SPEC §4).
  const pastTheEnd = isApiError(query.error, 'NOT_FOUND') && page > 1;
  useBackToFirstPage(pastTheEnd);

  if (pastTheEnd) return null;
  if (query.isError) return <LoadProblem error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) {
    return (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  }

  const { users, total_pages: totalPages, total_count: total } = query.data;
  if (users.length === 0) {
    return (
      <div className={styles.empty}>
        <h3>{empty.title}</h3>
        <p>{empty.message}</p>
      </div>
    );
  }
  return (
    <div className={styles.list}>
      <p className={styles.count} aria-live="polite">
        {total === 1 ? '1 person' : `${total} people`}
      </p>
      <MemberTable caption={empty.title} users={users} busy={busy} onDecide={decide} />
      <Pager page={page} totalPages={totalPages} />
    </div>
  );
}
