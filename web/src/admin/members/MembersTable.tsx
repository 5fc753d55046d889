import type { AdminUser } from '@kindling/contract';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { formatLongDate } from '../../format/dates.ts';
import { ScrollingTable } from '../ConsoleTable.tsx';
import { memberBadges } from '../memberStatus.ts';
import type { MemberAction } from './availableActions.ts';
import badges from './badges.module.css';
import { MemberActions } from './MemberActions.tsx';
import styles from './MembersSection.module.css';

interface MembersTableProps {
  users: readonly AdminUser[];
  selfId: number | undefined;
  busy: ReadonlySet<number>;
  onAction(user: AdminUser, action: MemberAction): void;
}

/**
 * Members as a table that scrolls sideways on a narrow screen, the name column and the actions
 * staying in view at either edge.
 */
export function MembersTable({ users, selfId, busy, onAction }: MembersTableProps) {
  return (
    <ScrollingTable
      label="Members table"
      caption="Members"
      className={styles.table}
      columns={[
        { label: 'Name', className: styles.sticky },
        'Role',
        'School',
        'Status',
        'Joined',
        { label: 'Actions', className: styles.actionsCell, hidden: true },
      ]}
    >
      {users.map((user) => (
        <tr key={user.id}>
          <th scope="row" className={styles.sticky}>
            <Link to={paths.profile(user.id)} className={styles.name}>
              {user.first_name} {user.last_name}
            </Link>
            <span className={`${styles.sub} ${styles.email}`}>{user.email}</span>
            {user.id === selfId && <span className={styles.sub}>You</span>}
          </th>
          <td>{user.role_name}</td>
          <td>
            {user.school_name ?? '—'}
            {user.department_name && <span className={styles.sub}>{user.department_name}</span>}
          </td>
          <td>
            <ul className={badges.badges}>
              {memberBadges(user).map((badge) => (
                <li key={badge.label} className={badges.badge} data-tone={badge.tone}>
                  {badge.label}
                </li>
              ))}
            </ul>
          </td>
          <td className={styles.nowrap}>{formatLongDate(user.created_at)}</td>
          <td className={styles.actionsCell}>
            <MemberActions
              user={user}
              isSelf={user.id === selfId}
              isBusy={busy.has(user.id)}
              onAction={(action) => onAction(user, action)}
            />
          </td>
        </tr>
      ))}
    </ScrollingTable>
  );
}
