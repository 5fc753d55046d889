import { Button } from 'react-aria-components/Button';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components/Modal';
import { NavLink } from 'react-router';
import { paths } from '../app/paths.ts';
import { useAuth } from '../auth/AuthContext.ts';
import { useTenant } from '../tenant/TenantContext.ts';
import buttons from './buttons.module.css';
import { CloseIcon } from './icons.tsx';
import { Logo } from './Logo.tsx';
import styles from './NavDrawer.module.css';

interface NavDrawerProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.link} ${styles.active}` : styles.link;

/**
 * The side drawer that holds the navigation at 576 px or less (SPEC §2). As a modal it locks
 * page scrolling and keeps focus inside while open.
 */
export function NavDrawer({ isOpen, onOpenChange }: NavDrawerProps) {
  const { status, can } = useAuth();
  const { branding } = useTenant();
  const labels = branding.navLabels;
  const close = () => onOpenChange(false);
  const signedIn = status === 'signedIn';

  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
    >
      <Modal className={styles.drawer}>
        <Dialog className={styles.dialog} aria-label="Menu">
          <div className={styles.head}>
            <Logo />
            <Button className={buttons.iconOnly} slot="close" aria-label="Close menu">
              <CloseIcon />
            </Button>
          </div>
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
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
