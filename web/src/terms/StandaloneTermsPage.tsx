import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../app/paths.ts';
import buttons from '../shell/buttons.module.css';
import { Logo } from '../shell/Logo.tsx';
import { ArrowLeftIcon } from '../shell/screenIcons.tsx';
import { useTenant } from '../tenant/TenantContext.ts';
import { TermsContent } from './TermsContent.tsx';
import styles from './TermsPages.module.css';

/**
 * The terms on their own page (`/terms-conditions`), public and without the app's layout: the
 * claim flow links here before the reader has an account.
 */
export function StandaloneTermsPage() {
  const { branding } = useTenant();
  const navigate = useNavigate();
  // The first page of a visit has the key 'default': there is no in-app page to go back to.
  const canGoBack = useLocation().key !== 'default';

  return (
    <div className={styles.standalone}>
      <header className={styles.bar}>
        <div className={styles.barInner}>
          <Link to={paths.home} className={styles.logoLink}>
            <Logo />
          </Link>
          {canGoBack ? (
            <button type="button" className={buttons.ghost} onClick={() => navigate(-1)}>
              <ArrowLeftIcon width={18} height={18} />
              Back
            </button>
          ) : (
            <Link className={buttons.ghost} to={paths.home}>
              <ArrowLeftIcon width={18} height={18} />
              Back to home
            </Link>
          )}
        </div>
      </header>
      <main id="main" className={styles.container}>
        <div className={styles.paper}>
          <TermsContent />
        </div>
      </main>
      <footer className={styles.footer}>{branding.footer.copyrightNotice}</footer>
    </div>
  );
}
