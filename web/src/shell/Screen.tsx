import type { ReactNode } from 'react';
import styles from './Screen.module.css';

interface ScreenProps {
  title: string;
  /** A line under the title. */
  lead?: ReactNode;
  /** Buttons shown beside the title. */
  actions?: ReactNode;
  /** A way back, shown above the title. */
  back?: ReactNode;
  children?: ReactNode;
}

/** The frame of a screen inside the layout: its one h1, optional actions, then the content. */
export function Screen({ title, lead, actions, back, children }: ScreenProps) {
  return (
    <div className={styles.screen}>
      {back}
      <div className={styles.head}>
        <div className={styles.titles}>
          <h1 className={styles.title}>{title}</h1>
          {lead && <p className={styles.lead}>{lead}</p>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
      {children}
    </div>
  );
}
