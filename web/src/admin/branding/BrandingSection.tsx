import { NavLink, Route, Routes } from 'react-router';
import { paths } from '../../app/paths.ts';
import { BrandingEditor } from './BrandingEditor.tsx';
import styles from './BrandingSection.module.css';
import { TermsEditor } from './TermsEditor.tsx';

const base = `${paths.admin}/branding`;
const tabClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.tab} ${styles.activeTab}` : styles.tab;

/** What members see of the portal: its look and texts, and its terms and conditions. */
export function BrandingSection() {
  return (
    <div className={styles.section}>
      <nav aria-label="Branding" className={styles.tabs}>
        <NavLink end to={base} className={tabClass}>
          Look and texts
        </NavLink>
        <NavLink to={`${base}/terms`} className={tabClass}>
          Terms and conditions
        </NavLink>
      </nav>
      <Routes>
        <Route index element={<BrandingEditor />} />
        <Route path="terms" element={<TermsEditor />} />
      </Routes>
    </div>
  );
}
