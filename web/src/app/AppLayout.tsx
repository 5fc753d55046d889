import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { Footer } from '../shell/Footer.tsx';
import { Header } from '../shell/Header.tsx';
import { NavigationProgress } from '../shell/NavigationProgress.tsx';
import styles from './AppLayout.module.css';

const LogoutDialog = lazy(() =>
  import('../shell/LogoutDialog.tsx').then((m) => ({ default: m.LogoutDialog })),
);

/** SPEC §2 layout: header, main area, footer, and the logout confirmation dialog. */
export function AppLayout() {
  const [logoutOpen, setLogoutOpen] = useState(false);

  return (
    <div className={styles.frame}>
      <a className={styles.skipLink} href="#main">
        Skip to main content
      </a>
      <NavigationProgress />
      <Header onSignOut={() => setLogoutOpen(true)} />
      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <Footer />
      {logoutOpen && (
        <Suspense fallback={null}>
          <LogoutDialog isOpen={logoutOpen} onOpenChange={setLogoutOpen} />
        </Suspense>
      )}
    </div>
  );
}
