import styles from './ProductPreview.module.css';

/** A wordless sketch of the idea feed beside the hero; purely decorative. */
export function ProductPreview() {
  return (
    <div className={styles.preview} aria-hidden="true">
      <div className={styles.glow} />
      <div className={`${styles.card} ${styles.back}`}>
        <div className={styles.row}>
          <span className={styles.avatar} />
          <span className={styles.lineShort} />
        </div>
        <span className={styles.lineWide} />
        <span className={styles.line} />
      </div>
      <div className={`${styles.card} ${styles.front}`}>
        <div className={styles.row}>
          <span className={`${styles.avatar} ${styles.avatarWarm}`} />
          <div className={styles.stack}>
            <span className={styles.lineName} />
            <span className={styles.lineMeta} />
          </div>
          <span className={styles.follow} />
        </div>
        <span className={styles.heading} />
        <span className={styles.lineWide} />
        <span className={styles.line} />
        <span className={styles.lineShort} />
        <div className={styles.chips}>
          <span className={styles.chip} />
          <span className={`${styles.chip} ${styles.chipAccent}`} />
          <span className={styles.chip} />
        </div>
      </div>
      <div className={styles.badge}>
        <span className={styles.badgeDot} />
        <span className={styles.badgeLine} />
      </div>
    </div>
  );
}
