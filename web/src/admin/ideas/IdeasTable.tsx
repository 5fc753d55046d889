import type { AdminIdea } from '@kindling/contract';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { formatLongDate } from '../../format/dates.ts';
import buttons from '../../shell/buttons.module.css';
import { ScrollingTable } from '../ConsoleTable.tsx';
import members from '../members/MembersSection.module.css';
import styles from './IdeasSection.module.css';

interface IdeasTableProps {
  ideas: readonly AdminIdea[];
  busy: ReadonlySet<number>;
  onCaseManager(idea: AdminIdea): void;
  onRemove(idea: AdminIdea): void;
}

/** Ideas as a table that scrolls sideways on a narrow screen, the title staying in view. */
export function IdeasTable({ ideas, busy, onCaseManager, onRemove }: IdeasTableProps) {
  return (
    <ScrollingTable
      label="Ideas table"
      caption="Ideas"
      className={members.table}
      columns={[
        { label: 'Idea', className: members.sticky },
        'Case manager',
        'School',
        'IP status',
        'Followers',
        'Posted',
        { label: 'Actions', className: styles.actionsCell, hidden: true },
      ]}
    >
      {ideas.map((idea) => (
        <tr key={idea.id}>
          <th scope="row" className={`${members.sticky} ${styles.titleCell}`}>
            <Link to={paths.idea(idea.id)} className={members.name}>
              {idea.title}
            </Link>
            <span className={members.sub}>by {idea.principal_investigator.name}</span>
          </th>
          <td>{idea.case_manager?.name ?? <span className={styles.none}>None</span>}</td>
          <td>{idea.school_name ?? '—'}</td>
          <td>{idea.ip_status_name ?? '—'}</td>
          <td className={styles.number}>{idea.follower_count}</td>
          <td className={members.nowrap}>{formatLongDate(idea.created_at)}</td>
          <td className={styles.actionsCell}>
            <div className={styles.actions}>
              <button
                type="button"
                className={buttons.secondary}
                disabled={busy.has(idea.id)}
                onClick={() => onCaseManager(idea)}
                aria-label={`Case manager of ${idea.title}`}
              >
                Case manager
              </button>
              <button
                type="button"
                className={`${buttons.secondary} ${styles.remove}`}
                disabled={busy.has(idea.id)}
                onClick={() => onRemove(idea)}
                aria-label={`Remove ${idea.title}`}
              >
                Remove
              </button>
            </div>
          </td>
        </tr>
      ))}
    </ScrollingTable>
  );
}
