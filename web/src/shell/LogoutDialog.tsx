import { useState } from 'react';
import { Button } from 'react-aria-components/Button';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components/Modal';
import { paths } from '../app/paths.ts';
import { useAuth } from '../auth/AuthContext.ts';
import buttons from './buttons.module.css';
import styles from './LogoutDialog.module.css';

/** Why the dialog is open: the member chose Sign Out, or the session watch saw the session end. */
export type LogoutReason = 'signOut' | 'sessionEnded';

interface LogoutDialogProps {
  reason: LogoutReason;
  onClose(): void;
}

/**
 * SPEC §2 logout confirmation, and the same dialog when the session has ended (SPEC §4), which
 * only offers signing in again. Stays open when sign-out fails so the member can try again.
 */
export function LogoutDialog({ reason, onClose }: LogoutDialogProps) {
  const { signOut } = useAuth();
  const [pending, setPending] = useState(false);
  const ended = reason === 'sessionEnded';

  const confirm = async () => {
    setPending(true);
    const signedOut = await signOut(ended ? { redirectTo: paths.signIn } : {});
    setPending(false);
    if (signedOut) onClose();
  };

  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable={!pending && !ended}
      isKeyboardDismissDisabled={ended}
    >
      <Modal className={styles.modal}>
        <Dialog className={styles.dialog} role="alertdialog">
          <div className={styles.text}>
            <Heading slot="title" className={styles.title}>
              {ended ? 'Your session has ended' : 'Are you sure you want to log out?'}
            </Heading>
            {ended && (
              <p className={styles.message}>For your security, please sign in again to continue.</p>
            )}
          </div>
          <div className={styles.actions}>
            {!ended && (
              <Button className={buttons.secondary} slot="close" isDisabled={pending}>
                Continue
              </Button>
            )}
            <Button className={buttons.primary} onPress={confirm} isDisabled={pending}>
              {ended ? 'Sign In Again' : 'Yes, Logout'}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
