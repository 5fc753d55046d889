import buttons from '../../shell/buttons.module.css';
import dialog from '../../shell/LogoutDialog.module.css';
import { DialogTitle } from '../../shell/ModalDialog.tsx';
import { useDialogAction } from '../../shell/useDialogAction.ts';
import { ConsoleDialog, DialogActions } from '../ConsoleDialog.tsx';
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
    <ConsoleDialog role="alertdialog" pending={pending} onClose={onClose}>
      <div className={dialog.text}>
        <DialogTitle className={dialog.title}>{title}</DialogTitle>
        <p className={dialog.message}>{message}</p>
      </div>
      <DialogActions pending={pending} onCancel={onClose} cancelFirst>
        <button
          type="button"
          className={`${buttons.primary} ${styles.danger}`}
          onClick={() => void run(onConfirm)}
          disabled={pending}
        >
          {confirmLabel}
        </button>
      </DialogActions>
    </ConsoleDialog>
  );
}
