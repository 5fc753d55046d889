import { Suspense } from 'react';
import { Link, NavLink, Route, Routes, useLocation } from 'react-router';
import { paths } from '../app/paths.ts';
import { Screen } from '../shell/Screen.tsx';
import { Spinner } from '../shell/Spinner.tsx';
import { useTenant } from '../tenant/TenantContext.ts';
import styles from './AdminPage.module.css';
import { adminSections } from './sections.tsx';

const sectionOf = (pathname: string) => {
  const rest = pathname.replace(/^\/admin\/?/, '').split('/')[0] ?? '';
  return adminSections.find((s) => s.path === rest);
};

/**
 * The administration console (CONTRACT §3, §6): a navigation of its sections beside the open one.
 * At the mobile breakpoint the navigation becomes a row that scrolls sideways above the section.
 */
export function AdminPage() {
  const { branding } = useTenant();
  const { pathname } = useLocation();
  const current = sectionOf(pathname);

  return (
    <Screen title={branding.navLabels.administration} lead={current?.lead}>
      <div className={styles.console}>
        <nav className={styles.nav} aria-label="Administration">
          <ul className={styles.navList}>
            {adminSections.map((s) => (
              <li key={s.path}>
                <NavLink
                  end
                  to={s.path === '' ? paths.admin : `${paths.admin}/${s.path}`}
                  className={({ isActive }) =>
                    isActive ? `${styles.navLink} ${styles.active}` : styles.navLink
                  }
                >
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <section className={styles.section} aria-label={current?.label}>
          <Suspense fallback={<Spinner />}>
            <Routes>
              {adminSections.map(({ path, Component }) =>
                path === '' ? (
                  <Route key="index" index element={<Component />} />
                ) : (
                  <Route key={path} path={`${path}/*`} element={<Component />} />
                ),
              )}
              <Route
                path="*"
                element={
                  <p className={styles.missing}>
                    There is no such section. <Link to={paths.admin}>Back to the console</Link>
                  </p>
                }
              />
            </Routes>
          </Suspense>
        </section>
      </div>
    </Screen>
  );
}
