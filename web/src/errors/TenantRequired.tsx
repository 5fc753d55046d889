import { useLocation } from 'react-router';
import { DEFAULT_LOGO } from '../shell/Logo.tsx';
import styles from './TenantRequired.module.css';

/** Shown when no tenant is named or the named one does not exist (SPEC §2 tenant load). */
export function TenantRequired() {
  const { pathname } = useLocation();
  const example = `${window.location.origin}${pathname}?tenant=your.domain`;

  return (
    <main id="main" className={styles.page}>
      <div className={styles.card}>
        <img className={styles.logo} src={DEFAULT_LOGO} alt="Kindling" />
        <h1 className={styles.title}>Tenant Domain Required</h1>
        <p className={styles.message}>
          This application requires a tenant domain to load customized settings.
        </p>
        <div className={styles.hint}>
          <p>
            Add <code>?tenant=your.domain</code> to the address, using your institution's domain.
            For example:
          </p>
          <code className={styles.example}>{example}</code>
        </div>
      </div>
    </main>
  );
}
