import { useState } from 'react';
import { Button } from 'react-aria-components/Button';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components/Modal';
import buttons from '../../shell/buttons.module.css';
import dialog from '../../shell/LogoutDialog.module.css';
import styles from './MembersSection.module.css';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  /** Resolves when done; the dialog stays open, with its buttons enabled again, if it throws. */
  onConfirm(): Promise<void>;
  onClose(): void;
}

/** Asks before a destructive change (decline, disable); Cancel has the focus first. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      setPending(false);
    }
  };
  return (
    <ModalOverlay
      className={dialog.overlay}
      isOpen
      isDismissable={!pending}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Modal className={dialog.modal}>
        <Dialog className={dialog.dialog} role="alertdialog">
          <div className={dialog.text}>
            <Heading slot="title" className={dialog.title}>
              {title}
            </Heading>
            <p className={dialog.message}>{message}</p>
          </div>
          <div className={dialog.actions}>
            <Button className={buttons.secondary} slot="close" isDisabled={pending} autoFocus>
              Cancel
            </Button>
            <Button
              className={`${buttons.primary} ${styles.danger}`}
              onPress={confirm}
              isDisabled={pending}
            >
              {confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
