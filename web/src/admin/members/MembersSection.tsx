import type { AdminUser, Permission } from '@kindling/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useRowChange } from '../../api/useRowChange.ts';
import { paths } from '../../app/paths.ts';
import { useAuth } from '../../auth/AuthContext.ts';
import { useRoles } from '../../lookups/roles.ts';
import { usePersisted } from '../../state/usePersisted.ts';
import { useTenant } from '../../tenant/TenantContext.ts';
import { setApproval } from '../adminApi.ts';
import list from '../MemberList.module.css';
import { PagedResults } from '../PagedResults.tsx';
import type { MemberAction } from './availableActions.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { MemberFilters } from './MemberFilters.tsx';
import { MembersTable } from './MembersTable.tsx';
import {
  eraseMember,
  fetchMembers,
  membersKey,
  resendClaimMail,
  setDisabled,
  setRole,
} from './membersApi.ts';
import { RoleDialog } from './RoleDialog.tsx';
import { useMemberFilters } from './useMemberFilters.ts';

type Asking = { user: AdminUser; action: 'decline' | 'disable' | 'role' | 'erase' } | null;

const fullName = (user: AdminUser) => `${user.first_name} ${user.last_name}`;

/** Everyone in the tenant: search, filters, and what an administrator can do to each member. */
export function MembersSection() {
  const tenant = useTenant();
  const { user: me } = useAuth();
  const navigate = useNavigate();
  const roles = useRoles(tenant.id).data ?? [];
  const schools = usePersisted('schools');
  const departments = usePersisted('departments');
  const { filters, page, setFilters } = useMemberFilters();
  const [asking, setAsking] = useState<Asking>(null);
  const query = useQuery({
    queryKey: membersKey(filters, page),
    queryFn: ({ signal }) => fetchMembers(filters, page, signal),
    placeholderData: keepPreviousData,
  });

  const { busy, change, run } = useRowChange<AdminUser>('member', ['admin']);

  const act = (user: AdminUser, action: MemberAction) => {
    const name = fullName(user);
    switch (action) {
      case 'profile':
        navigate(paths.profile(user.id));
        return;
      case 'approve':
        run(user, async () => {
          await setApproval(user.id, 2);
          return `Approved ${name}.${user.has_account ? '' : ' A link to claim the profile was emailed.'}`;
        });
        return;
      case 'claim-mail':
        run(user, async () => {
          await resendClaimMail(user.id);
          return `A new link to claim the profile was emailed to ${user.email}.`;
        });
        return;
      case 'enable':
        run(user, async () => {
          await setDisabled(user.id, false);
          return `Re-enabled ${name}.`;
        });
        return;
      default:
        setAsking({ user, action });
    }
  };

  return (
    <div className={list.section}>
      <MemberFilters
        filters={filters}
        onChange={setFilters}
        roles={roles}
        schools={schools}
        departments={departments}
      />
      <PagedResults
        query={query}
        page={page}
        noun={['member', 'members']}
        rows={(data) => data.users}
        empty={{
          title: 'No members found',
          text: 'No one matches these filters. Try a shorter search or clear a filter.',
        }}
      >
        {(data) => (
          <MembersTable users={data.users} selfId={me?.userId} busy={busy} onAction={act} />
        )}
      </PagedResults>
      {asking?.action === 'decline' && (
        <ConfirmDialog
          title={`Decline ${fullName(asking.user)}?`}
          message="Their sessions end at once and they cannot sign in. You can approve them again later."
          confirmLabel="Decline"
          onConfirm={() =>
            change(asking.user, async () => {
              await setApproval(asking.user.id, 3);
              return `Declined ${fullName(asking.user)}.`;
            })
          }
          onClose={() => setAsking(null)}
        />
      )}
      {asking?.action === 'disable' && (
        <ConfirmDialog
          title={`Disable ${fullName(asking.user)}?`}
          message="They are signed out everywhere at once and cannot sign in until re-enabled."
          confirmLabel="Disable"
          onConfirm={() =>
            change(asking.user, async () => {
              await setDisabled(asking.user.id, true);
              return `Disabled ${fullName(asking.user)}.`;
            })
          }
          onClose={() => setAsking(null)}
        />
      )}
      {asking?.action === 'erase' && (
        <ConfirmDialog
          title={`Erase ${fullName(asking.user)}?`}
          message="Their account, profile, photo, sessions, follows and requests are deleted and cannot be restored. Their ideas and comments stay, shown as ‘Former member’. Disable them instead if they may come back."
          confirmLabel="Erase"
          onConfirm={() =>
            change(asking.user, async () => {
              await eraseMember(asking.user.id);
              return `Erased ${fullName(asking.user)}.`;
            })
          }
          onClose={() => setAsking(null)}
        />
      )}
      {asking?.action === 'role' && (
        <RoleDialog
          user={asking.user}
          roles={roles}
          isSelf={asking.user.id === me?.userId}
          onSave={(roleId: number, permissions: Permission[]) =>
            change(asking.user, async () => {
              await setRole(asking.user.id, roleId, permissions);
              return `Updated the role and permissions of ${fullName(asking.user)}.`;
            })
          }
          onClose={() => setAsking(null)}
        />
      )}
    </div>
  );
}
