import type { ReactNode } from 'react';
import buttons from '../shell/buttons.module.css';
import dialog from '../shell/LogoutDialog.module.css';
import { ModalDialog } from '../shell/ModalDialog.tsx';

interface ConsoleDialogProps {
  /** While its action is under way the dialog cannot be dismissed. */
  pending: boolean;
  onClose(): void;
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
}

/** A console dialog's box: Escape or a click outside closes it, unless its action is under way. */
export function ConsoleDialog({ pending, onClose, role, children }: ConsoleDialogProps) {
  return (
    <ModalDialog
      className={dialog.modal}
      role={role}
      isDismissable={!pending}
      isKeyboardDismissDisabled={pending}
      onClose={onClose}
    >
      <div className={dialog.dialog}>{children}</div>
    </ModalDialog>
  );
}

interface DialogActionsProps {
  pending: boolean;
  onCancel(): void;
  /** Cancel takes the focus first: the safe choice before a destructive change. */
  cancelFirst?: boolean;
  /** The dialog's own action, after Cancel. */
  children: ReactNode;
}

/** Cancel, then the dialog's own action; both wait while it is under way. */
export function DialogActions({ pending, onCancel, cancelFirst, children }: DialogActionsProps) {
  return (
    <div className={dialog.actions}>
      <button
        type="button"
        className={buttons.secondary}
        onClick={onCancel}
        disabled={pending}
        data-autofocus={cancelFirst || undefined}
      >
        Cancel
      </button>
      {children}
    </div>
  );
}
