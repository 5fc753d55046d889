import { useState } from 'react';
import { paths } from '../app/paths.ts';
import { useAuth } from '../auth/AuthContext.ts';
import buttons from './buttons.module.css';
import styles from './LogoutDialog.module.css';
import { DialogTitle, ModalDialog } from './ModalDialog.tsx';

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
    <ModalDialog
      className={styles.modal}
      role="alertdialog"
      onClose={onClose}
      isDismissable={!pending && !ended}
      isKeyboardDismissDisabled={pending || ended}
    >
      <div className={styles.dialog}>
        <div className={styles.text}>
          <DialogTitle className={styles.title}>
            {ended ? 'Your session has ended' : 'Are you sure you want to log out?'}
          </DialogTitle>
          {ended && (
            <p className={styles.message}>For your security, please sign in again to continue.</p>
          )}
        </div>
        <div className={styles.actions}>
          {!ended && (
            <button
              type="button"
              className={buttons.secondary}
              onClick={onClose}
              disabled={pending}
            >
              Continue
            </button>
          )}
          <button type="button" className={buttons.primary} onClick={confirm} disabled={pending}>
            {ended ? 'Sign In Again' : 'Yes, Logout'}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
