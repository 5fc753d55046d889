import { Suspense } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../app/paths.ts';
import { useAuth } from '../auth/AuthContext.ts';
import { useTenant } from '../tenant/TenantContext.ts';
import buttons from './buttons.module.css';
import { HeaderSearch, SEARCH_FIELD_ID } from './headerSearch.ts';
import { Logo } from './Logo.tsx';
import { DialogCloseButton, ModalDialog } from './ModalDialog.tsx';
import styles from './NavDrawer.module.css';

interface NavDrawerProps {
  /** Opened by `/`: the search field takes the focus. */
  focusSearch: boolean;
  onClose(): void;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.link} ${styles.active}` : styles.link;

/**
 * The side drawer that holds the search field and the navigation at 576 px or less (SPEC §2,
 * CONTRACT §7). As a modal it locks
 * page scrolling and keeps focus inside while open.
 */
export function NavDrawer({ focusSearch, onClose: close }: NavDrawerProps) {
  const { status, can } = useAuth();
  const { branding } = useTenant();
  const labels = branding.navLabels;
  const signedIn = status === 'signedIn';

  return (
    <ModalDialog className={styles.drawer} aria-label="Menu" isDismissable onClose={close}>
      <div className={styles.dialog}>
        <div className={styles.head}>
          <Logo />
          <DialogCloseButton label="Close menu" onClose={close} />
        </div>
        {signedIn && (
          <div className={styles.search}>
            <Suspense fallback={null}>
              <HeaderSearch id={SEARCH_FIELD_ID} autoFocus={focusSearch} />
            </Suspense>
          </div>
        )}
        <nav aria-label="Main" className={styles.nav}>
          {signedIn ? (
            <ul className={styles.list}>
              <li>
                <NavLink className={linkClass} to={paths.dashboard} onClick={close}>
                  {labels.ideas}
                </NavLink>
              </li>
              <li>
                <NavLink className={linkClass} to={paths.people} onClick={close}>
                  {labels.people}
                </NavLink>
              </li>
              {can('create_idea') && (
                <li>
                  <NavLink className={linkClass} to={paths.myIdeas} end onClick={close}>
                    {labels.myIdeas}
                  </NavLink>
                </li>
              )}
              <li>
                <NavLink className={linkClass} to={paths.following} onClick={close}>
                  {labels.following}
                </NavLink>
              </li>
            </ul>
          ) : (
            <ul className={styles.list}>
              <li>
                <NavLink className={linkClass} to={paths.home} end onClick={close}>
                  Home
                </NavLink>
              </li>
              <li>
                <NavLink className={linkClass} to={paths.signIn} onClick={close}>
                  Sign in
                </NavLink>
              </li>
              <li>
                <NavLink className={linkClass} to={paths.standaloneTerms} onClick={close}>
                  {labels.terms}
                </NavLink>
              </li>
            </ul>
          )}
        </nav>
        <div className={styles.actions}>
          {signedIn ? (
            <>
              {can('create_idea') && (
                <NavLink className={buttons.primary} to={paths.ideaCreation} onClick={close}>
                  {labels.postIdea}
                </NavLink>
              )}
              {can('invite_user') && (
                <NavLink className={buttons.secondary} to={paths.inviteOthers} onClick={close}>
                  {labels.inviteOthers}
                </NavLink>
              )}
            </>
          ) : (
            <NavLink className={buttons.primary} to={paths.requestInvite} onClick={close}>
              {branding.home.callToAction}
            </NavLink>
          )}
        </div>
      </div>
    </ModalDialog>
  );
}
