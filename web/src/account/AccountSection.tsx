import { type ReactNode, useId } from 'react';
import styles from './account.module.css';

/** One of the screen's sections: a headed card that names itself to assistive technology. */
export function AccountSection({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {title}
      </h2>
      <p className={styles.lead}>{lead}</p>
      {children}
    </section>
  );
}
