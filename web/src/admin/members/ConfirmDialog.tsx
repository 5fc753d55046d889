import buttons from '../../shell/buttons.module.css';
import dialog from '../../shell/LogoutDialog.module.css';
import { DialogTitle, ModalDialog } from '../../shell/ModalDialog.tsx';
import { useDialogAction } from '../../shell/useDialogAction.ts';
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
  const { pending, run } = useDialogAction(onClose);
  return (
    <ModalDialog
      className={dialog.modal}
      role="alertdialog"
      isDismissable={!pending}
      isKeyboardDismissDisabled={pending}
      onClose={onClose}
    >
      <div className={dialog.dialog}>
        <div className={dialog.text}>
          <DialogTitle className={dialog.title}>{title}</DialogTitle>
          <p className={dialog.message}>{message}</p>
        </div>
        <div className={dialog.actions}>
          <button
            type="button"
            className={buttons.secondary}
            onClick={onClose}
            disabled={pending}
            data-autofocus
          >
            Cancel
          </button>
          <button
            type="button"
            className={`${buttons.primary} ${styles.danger}`}
            onClick={() => void run(onConfirm)}
            disabled={pending}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
