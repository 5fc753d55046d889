import { NavLink, Route, Routes } from 'react-router';
import { paths } from '../../app/paths.ts';
import { BrandingEditor } from './BrandingEditor.tsx';
import styles from './BrandingSection.module.css';
import { TermsEditor } from './TermsEditor.tsx';
import { TimeZoneEditor } from './TimeZoneEditor.tsx';

const base = `${paths.admin}/branding`;
const tabClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.tab} ${styles.activeTab}` : styles.tab;

/** What members see of the portal: its look and texts, its terms, and the time zone of its mail. */
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
        <NavLink to={`${base}/time-zone`} className={tabClass}>
          Time zone
        </NavLink>
      </nav>
      <Routes>
        <Route index element={<BrandingEditor />} />
        <Route path="terms" element={<TermsEditor />} />
        <Route path="time-zone" element={<TimeZoneEditor />} />
      </Routes>
    </div>
  );
}
