import buttons from '../../shell/buttons.module.css';
import styles from './ImportPanel.module.css';
import type { ImportCandidate } from './importApi.ts';

/** A candidate's title and the line under it, whatever its section. */
function describe(candidate: ImportCandidate): { title: string; details: string } {
  const join = (...parts: (string | number | null)[]) =>
    parts.filter((part) => part !== null && part !== '').join(' · ');
  switch (candidate.section) {
    case 'publications': {
      const e = candidate.entry;
      const cited = e.citations === null ? null : `cited ${e.citations} times`;
      return { title: e.title, details: join(e.authors, e.venue, e.year, e.doi, cited) };
    }
    case 'most_recent_experience': {
      const e = candidate.entry;
      const period = e.start_date
        ? `${e.start_date.slice(0, 4)}–${e.end_date?.slice(0, 4) ?? ''}`
        : null;
      return { title: e.title, details: join(e.organization, period) };
    }
    case 'education': {
      const e = candidate.entry;
      return { title: e.institution, details: join(e.degree, e.start_year, e.end_year) };
    }
    case 'grants': {
      const e = candidate.entry;
      return { title: e.title, details: join(e.organization, e.grant_number) };
    }
  }
}

export function CandidateItem({
  candidate,
  disabled,
  onDecide,
}: {
  candidate: ImportCandidate;
  disabled: boolean;
  onDecide: (decision: 'accept' | 'reject') => void;
}) {
  const { title, details } = describe(candidate);
  return (
    <li className={styles.candidate}>
      <div className={styles.entry}>
        <p className={styles.entryTitle}>{title}</p>
        {details && <p className={styles.entryDetails}>{details}</p>}
        {candidate.duplicate_of && <p className={styles.duplicate}>Already on your profile</p>}
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={buttons.secondary}
          disabled={disabled}
          aria-label={`Accept ${title}`}
          onClick={() => onDecide('accept')}
        >
          Accept
        </button>
        <button
          type="button"
          className={buttons.ghost}
          disabled={disabled}
          aria-label={`Reject ${title}`}
          onClick={() => onDecide('reject')}
        >
          Reject
        </button>
      </div>
    </li>
  );
}
