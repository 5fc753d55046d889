import styles from './IdeaPageSkeleton.module.css';

/** The shape of an idea's page while it loads: title, actions, then its text and side cards. */
export function IdeaPageSkeleton() {
  return (
    <div role="status" className={styles.page}>
      <span className="visually-hidden">Loading the idea…</span>
      <div aria-hidden="true" className={styles.head}>
        <span className={`${styles.bone} ${styles.back}`} />
        <span className={`${styles.bone} ${styles.title}`} />
        <span className={`${styles.bone} ${styles.meta}`} />
      </div>
      <div aria-hidden="true" className={styles.layout}>
        <div className={styles.card}>
          {['90%', '100%', '75%', '100%', '60%'].map((width, index) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their place
              key={index}
              className={styles.bone}
              style={{ width }}
            />
          ))}
        </div>
        <div className={styles.card}>
          <span className={`${styles.bone} ${styles.meta}`} />
          <span className={styles.bone} />
        </div>
      </div>
    </div>
  );
}
