// biome-ignore-all lint/a11y/noRedundantRoles: browsers drop table semantics from cells restyled as blocks (the cards at the mobile breakpoint); the roles keep them.
import { type AdminUser, status } from '@kindling/contract';
import { formatLongDate } from '../format/dates.ts';
import buttons from '../shell/buttons.module.css';
import { TableHead } from './ConsoleTable.tsx';
import styles from './MemberTable.module.css';

export type Decision = 2 | 3;

interface MemberTableProps {
  caption: string;
  users: readonly AdminUser[];
  /** The members whose decision is on its way. */
  busy: ReadonlySet<number>;
  onDecide(user: AdminUser, decision: Decision): void;
}

const fullName = (user: AdminUser) => `${user.first_name} ${user.last_name}`;

/**
 * Requests as a table, which becomes a list of cards at the mobile breakpoint (each cell then
 * carries its column's name), with approve and decline beside each.
 */
export function MemberTable({ caption, users, busy, onDecide }: MemberTableProps) {
  return (
    <table className={styles.table} role="table">
      <caption className="visually-hidden">{caption}</caption>
      <TableHead
        roles
        columns={['Name', 'Email', 'Role', 'Requested', { label: 'Actions', hidden: true }]}
      />
      <tbody role="rowgroup">
        {users.map((user) => {
          const name = fullName(user);
          const pending = busy.has(user.id);
          return (
            <tr key={user.id} role="row">
              <th scope="row" role="rowheader" data-label="Name" className={styles.name}>
                {name}
                {user.school_name && <span className={styles.sub}>{user.school_name}</span>}
              </th>
              <td role="cell" data-label="Email" className={styles.email}>
                {user.email}
              </td>
              <td role="cell" data-label="Role">
                {user.role_name}
              </td>
              <td role="cell" data-label="Requested">
                {formatLongDate(user.created_at)}
                {user.invited_by_name && (
                  <span className={styles.sub}>Invited by {user.invited_by_name}</span>
                )}
              </td>
              <td role="cell" className={styles.actions}>
                {user.admin_status_id !== status.approved && (
                  <button
                    type="button"
                    className={buttons.primary}
                    disabled={pending}
                    aria-label={`Approve ${name}`}
                    onClick={() => onDecide(user, 2)}
                  >
                    Approve
                  </button>
                )}
                {user.admin_status_id !== status.declined && (
                  <button
                    type="button"
                    className={buttons.secondary}
                    disabled={pending}
                    aria-label={`Decline ${name}`}
                    onClick={() => onDecide(user, 3)}
                  >
                    Decline
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
