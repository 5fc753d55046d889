import type { TermsAnswer } from '@kindling/contract';
import { formatLongDate } from '../format/dates.ts';
import styles from './TermsDocument.module.css';

/** The terms' text: title, date, introduction, numbered sections and conclusion. */
export function TermsDocument({ terms }: { terms: TermsAnswer }) {
  return (
    <article className={styles.document}>
      <header className={styles.header}>
        <h1 className={styles.title}>{terms.title}</h1>
        <p className={styles.updated}>Last updated: {formatLongDate(terms.lastUpdated)}</p>
      </header>
      <p className={styles.introduction}>{terms.introduction}</p>
      <ol className={styles.sections}>
        {terms.sections.map((section) => (
          <li key={section.title} className={styles.section}>
            <h2 className={styles.sectionTitle}>{section.title}</h2>
            {section.content && <p>{section.content}</p>}
            {section.items.length > 0 && (
              <ul className={styles.items}>
                {section.items.map((item) => (
                  <li key={item.boldText}>
                    <strong>{item.boldText}</strong> {item.description}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <p className={styles.conclusion}>{terms.conclusion}</p>
    </article>
  );
}
