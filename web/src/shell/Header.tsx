import { limits } from '@kindling/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../app/paths.ts';
import { useAuth } from '../auth/AuthContext.ts';
import { NotificationBell } from '../notifications/NotificationBell.tsx';
import { useTenant } from '../tenant/TenantContext.ts';
import buttons from './buttons.module.css';
import styles from './Header.module.css';
import { HeaderSearch, SEARCH_FIELD_ID } from './headerSearch.ts';
import { MenuIcon } from './icons.tsx';
import { Logo } from './Logo.tsx';
import { preloadableLazy } from './preloadableLazy.ts';
import { isTypingTarget } from './typingTarget.ts';
import { useMediaQuery } from './useMediaQuery.ts';

// Overlays load on first use, keeping them out of the first page's script.
const NavDrawer = lazy(() => import('./NavDrawer.tsx').then((m) => ({ default: m.NavDrawer })));
/** A member's first screen loads it ahead of rendering (app/router.tsx). */
export const ProfileMenu = preloadableLazy(() =>
  import('./signedInShell.ts').then((m) => m.ProfileMenu),
);

const compactQuery = `(max-width: ${limits.mobileBreakpointPx}px)`;

const navClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.navLink} ${styles.active}` : styles.navLink;

/**
 * SPEC §2 header: logo, main links, the notification bell (CONTRACT §9) and profile menu; at
 * 576 px or less a drawer holds the links.
 */
export function Header({ onSignOut }: { onSignOut(): void }) {
  const { status, user: member, session } = useAuth();
  // An administrator who must set up a second factor first (CONTRACT §11) sees only their menu:
  // the links, the search and the bell would all be refused until then.
  const setupOnly = session?.mfa_setup_required === true;
  const user = setupOnly ? null : member;
  const { branding } = useTenant();
  const labels = branding.navLabels;
  /** `search`: opened by `/`, with the focus in its search field. */
  const [drawer, setDrawer] = useState<'menu' | 'search' | null>(null);
  const drawerOpen = drawer !== null;
  const compact = useMediaQuery(compactQuery);
  const { pathname, state } = useLocation();
  const signedIn = user !== null;

  useEffect(() => {
    if (!compact) setDrawer(null);
  }, [compact]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is the cue to close the drawer
  useEffect(() => {
    setDrawer(null);
  }, [pathname]);

  useEffect(() => {
    if (!signedIn) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.defaultPrevented || isTypingTarget(event.target)) return;
      event.preventDefault();
      if (compact) setDrawer('search');
      else document.getElementById(SEARCH_FIELD_ID)?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [signedIn, compact]);

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <button
          type="button"
          className={`${buttons.iconOnly} ${styles.menuButton}`}
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          onClick={() => setDrawer('menu')}
        >
          <MenuIcon />
        </button>
        <Link to={paths.home} className={styles.logoLink}>
          <Logo />
        </Link>
        {user && (
          <nav aria-label="Main" className={styles.nav}>
            <NavLink className={navClass} to={paths.dashboard}>
              {labels.ideas}
            </NavLink>
            <NavLink className={navClass} to={paths.people}>
              {labels.people}
            </NavLink>
          </nav>
        )}
        {user && !compact && (
          <div className={styles.searchSlot}>
            <Suspense fallback={<span className={styles.searchPlaceholder} />}>
              <HeaderSearch id={SEARCH_FIELD_ID} />
            </Suspense>
          </div>
        )}
        <div className={styles.end}>
          {setupOnly && member && (
            <Suspense fallback={<span className={styles.profilePlaceholder} />}>
              <ProfileMenu user={member} onSignOut={onSignOut} />
            </Suspense>
          )}
          {user ? (
            <>
              <NotificationBell />
              <Suspense fallback={<span className={styles.profilePlaceholder} />}>
                <ProfileMenu user={user} onSignOut={onSignOut} />
              </Suspense>
            </>
          ) : (
            status === 'signedOut' && (
              <>
                <Link
                  className={`${buttons.ghost} ${styles.signIn}`}
                  to={paths.signIn}
                  state={state}
                >
                  Sign in
                </Link>
                <Link className={`${buttons.primary} ${styles.cta}`} to={paths.requestInvite}>
                  {branding.home.callToAction}
                </Link>
              </>
            )
          )}
        </div>
      </div>
      {drawerOpen && (
        <Suspense fallback={null}>
          <NavDrawer focusSearch={drawer === 'search'} onClose={() => setDrawer(null)} />
        </Suspense>
      )}
    </header>
  );
}
