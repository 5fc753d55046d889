import type { IdeaSummary } from '@kindling/contract';
import type { ReactNode } from 'react';
import { type FeedIdea, IdeaCard } from './IdeaCard.tsx';
import styles from './IdeaGrid.module.css';

interface IdeaGridProps {
  /** With a keyword, each carries where it matched; recommended, the member's words it holds. */
  ideas: FeedIdea[];
  /** What each card offers besides following (edit and delete on the member's own ideas). */
  actionsOf?: (idea: IdeaSummary) => ReactNode;
  /** A newer page is on its way: the old one stays, dimmed, instead of flashing empty. */
  stale?: boolean;
  label: string;
}

export function IdeaGrid({ ideas, actionsOf, stale = false, label }: IdeaGridProps) {
  return (
    <ul
      className={styles.grid}
      aria-label={label}
      aria-busy={stale || undefined}
      data-stale={stale}
    >
      {ideas.map((idea) => (
        <li key={idea.id} className={styles.item}>
          <IdeaCard idea={idea} actions={actionsOf?.(idea)} />
        </li>
      ))}
    </ul>
  );
}

/** Card-shaped placeholders while the first page loads. */
export function IdeaGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div role="status" className={styles.grid}>
      <span className="visually-hidden">Loading ideas…</span>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their place
        <div key={index} className={styles.skeleton} aria-hidden="true">
          <div className={styles.skeletonRow}>
            <span className={`${styles.bone} ${styles.avatarBone}`} />
            <span className={`${styles.bone} ${styles.nameBone}`} />
          </div>
          <span className={`${styles.bone} ${styles.titleBone}`} />
          <span className={`${styles.bone} ${styles.lineBone}`} />
          <span className={`${styles.bone} ${styles.lineBone}`} />
          <span className={`${styles.bone} ${styles.shortBone}`} />
        </div>
      ))}
    </div>
  );
}
