import styles from './Spinner.module.css';

/** A loading indicator that screen readers announce as a status. */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" className={styles.spinner}>
      <span className={styles.ring} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** A spinner centred in the space a screen would take. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className={styles.page}>
      <Spinner label={label} />
    </div>
  );
}
