import styles from './PasswordGuidelines.module.css';

/** The password rules shown beside a new-password field, in the tenant's words (SPEC §2). */
export function PasswordGuidelines({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <div className={styles.guidelines}>
      <p className={styles.title}>{title}</p>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
