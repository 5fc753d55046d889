import type { AdminIdea } from '@kindling/contract';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { formatLongDate } from '../../format/dates.ts';
import buttons from '../../shell/buttons.module.css';
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
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard to scroll it.
    <section className={members.scroller} aria-label="Ideas table" tabIndex={0}>
      <table className={members.table}>
        <caption className="visually-hidden">Ideas</caption>
        <thead>
          <tr>
            <th scope="col" className={members.sticky}>
              Idea
            </th>
            <th scope="col">Case manager</th>
            <th scope="col">School</th>
            <th scope="col">IP status</th>
            <th scope="col">Followers</th>
            <th scope="col">Posted</th>
            <th scope="col" className={styles.actionsCell}>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </table>
    </section>
  );
}
