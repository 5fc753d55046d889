import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { useAuth } from '../auth/AuthContext.ts';
import { useTenant } from '../tenant/TenantContext.ts';
import styles from './Footer.module.css';
import { helpCenterHref } from './helpCenter.ts';
import { Logo } from './Logo.tsx';

export function Footer() {
  const { branding } = useTenant();
  const { user } = useAuth();
  const labels = branding.navLabels;

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Logo />
          <p className={styles.notice}>{branding.footer.copyrightNotice}</p>
        </div>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            <li>
              <Link to={user ? paths.terms : paths.standaloneTerms}>{labels.terms}</Link>
            </li>
            <li>
              <a href={helpCenterHref(branding)}>{labels.helpCenter}</a>
            </li>
            {branding.linkedinURL && (
              <li>
                <a href={branding.linkedinURL} target="_blank" rel="noreferrer">
                  LinkedIn<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
