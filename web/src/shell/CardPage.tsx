import type { ReactNode } from 'react';
import styles from './CardPage.module.css';

interface CardPageProps {
  title: ReactNode;
  lead?: ReactNode;
  /** A mark above the title: an icon or short label. */
  badge?: ReactNode;
  width?: 'narrow' | 'wide';
  children?: ReactNode;
  /** Under the card, such as a link to another screen. */
  footer?: ReactNode;
}

/** A single card centred on the page: the frame of the sign-in, password and invitation screens. */
export function CardPage({
  title,
  lead,
  badge,
  width = 'narrow',
  children,
  footer,
}: CardPageProps) {
  return (
    <div className={styles.page}>
      <section className={styles.card} data-width={width} aria-labelledby="card-page-title">
        <header className={styles.head}>
          {badge && <div className={styles.badge}>{badge}</div>}
          <h1 id="card-page-title" className={styles.title}>
            {title}
          </h1>
          {lead && <div className={styles.lead}>{lead}</div>}
        </header>
        {children}
      </section>
      {footer && <div className={styles.footer}>{footer}</div>}
    </div>
  );
}
