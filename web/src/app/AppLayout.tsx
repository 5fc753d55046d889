import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useAuth } from '../auth/AuthContext.ts';
import { Footer } from '../shell/Footer.tsx';
import { Header, ProfileMenu } from '../shell/Header.tsx';
import { HeaderSearch } from '../shell/headerSearch.ts';
import type { LogoutReason } from '../shell/LogoutDialog.tsx';
import { NavigationProgress } from '../shell/NavigationProgress.tsx';
import { preloadableLazy } from '../shell/preloadableLazy.ts';
import styles from './AppLayout.module.css';

const LogoutDialog = lazy(() =>
  import('../shell/LogoutDialog.tsx').then((m) => ({ default: m.LogoutDialog })),
);
const SignedInServices = preloadableLazy(() =>
  import('../shell/signedInShell.ts').then((m) => m.SignedInServices),
);

/**
 * Loads what the layout adds around a member's screen, so that the first screen can render with
 * it rather than suspend and commit it separately (docs/decisions/0019). A part that fails to
 * load is left to its own render, which tries again and reports the failure.
 */
export function preloadSignedInShell(): Promise<unknown> {
  return Promise.allSettled([
    ProfileMenu.preload(),
    HeaderSearch.preload(),
    SignedInServices.preload(),
  ]);
}

/** SPEC §2 layout: header, main area, footer, and the logout confirmation dialog. */
export function AppLayout() {
  const { user, session } = useAuth();
  const [logout, setLogout] = useState<LogoutReason | null>(null);
  const onSessionEnded = useCallback(() => setLogout('sessionEnded'), []);

  // A session that ended some other way (a 401, another tab) leaves no dialog behind for the next.
  useEffect(() => {
    if (!user) setLogout(null);
  }, [user]);

  return (
    <div className={styles.frame}>
      <a className={styles.skipLink} href="#main">
        Skip to main content
      </a>
      <NavigationProgress />
      <Header onSignOut={() => setLogout('signOut')} />
      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <Footer />
      {user && !session?.mfa_setup_required && (
        <Suspense fallback={null}>
          <SignedInServices onSessionEnded={onSessionEnded} />
        </Suspense>
      )}
      {logout && user && (
        <Suspense fallback={null}>
          <LogoutDialog reason={logout} onClose={() => setLogout(null)} />
        </Suspense>
      )}
    </div>
  );
}
