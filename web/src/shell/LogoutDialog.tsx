import { useState } from 'react';
import { Button } from 'react-aria-components/Button';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components/Modal';
import { useAuth } from '../auth/AuthContext.ts';
import buttons from './buttons.module.css';
import styles from './LogoutDialog.module.css';

interface LogoutDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
}

/** SPEC §2 logout confirmation; stays open when sign-out fails so the member can try again. */
export function LogoutDialog({ isOpen, onOpenChange }: LogoutDialogProps) {
  const { signOut } = useAuth();
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setPending(true);
    const signedOut = await signOut();
    setPending(false);
    if (signedOut) onOpenChange(false);
  };

  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!pending}
    >
      <Modal className={styles.modal}>
        <Dialog className={styles.dialog} role="alertdialog">
          <Heading slot="title" className={styles.title}>
            Are you sure you want to log out?
          </Heading>
          <div className={styles.actions}>
            <Button className={buttons.secondary} slot="close" isDisabled={pending}>
              Continue
            </Button>
            <Button className={buttons.primary} onPress={confirm} isDisabled={pending}>
              Yes, Logout
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
