import type { ReactNode } from 'react';
import styles from './StatusScreen.module.css';

interface StatusScreenProps {
  /** A short mark above the title, such as an HTTP status. */
  eyebrow?: string;
  title: ReactNode;
  message?: ReactNode;
  children?: ReactNode;
}

/** A centred message with its way out: the shared look of not-found and error screens. */
export function StatusScreen({ eyebrow, title, message, children }: StatusScreenProps) {
  return (
    <div className={styles.screen}>
      <div className={styles.card}>
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <h1 className={styles.title}>{title}</h1>
        {message && <div className={styles.message}>{message}</div>}
        {children && <div className={styles.actions}>{children}</div>}
      </div>
    </div>
  );
}
