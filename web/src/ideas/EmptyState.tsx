import type { ReactNode } from 'react';
import styles from './EmptyState.module.css';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}

/** A friendly panel where a list has nothing to show, with the way to change that. */
export function EmptyState({ icon, title, children, action }: EmptyStateProps) {
  return (
    <section className={styles.empty} aria-label={title}>
      <div className={styles.icon}>{icon}</div>
      <h2 className={styles.title}>{title}</h2>
      {children && <div className={styles.text}>{children}</div>}
      {action && <div className={styles.action}>{action}</div>}
    </section>
  );
}

/** A list's failure to load, in place of the list. */
export function ListMessage({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className={styles.message}>
      {children}
    </p>
  );
}
