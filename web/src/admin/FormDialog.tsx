import type { FormEvent, ReactNode } from 'react';
import buttons from '../shell/buttons.module.css';
import dialog from '../shell/LogoutDialog.module.css';
import { DialogTitle } from '../shell/ModalDialog.tsx';
import { useDialogAction } from '../shell/useDialogAction.ts';
import { ConsoleDialog, DialogActions } from './ConsoleDialog.tsx';
import styles from './FormDialog.module.css';

interface FormDialogProps {
  title: ReactNode;
  /** Resolves when saved; the dialog stays open, its buttons enabled again, if it throws. */
  onSave(): Promise<void>;
  onClose(): void;
  /** The fields between the title and the buttons. */
  children: ReactNode;
}

/** A console dialog that edits one thing: its fields, then Cancel and Save. */
export function FormDialog({ title, onSave, onClose, children }: FormDialogProps) {
  const { pending, run } = useDialogAction(onClose);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(onSave);
  };
  return (
    <ConsoleDialog pending={pending} onClose={onClose}>
      <form className={styles.form} onSubmit={submit}>
        <DialogTitle className={dialog.title}>{title}</DialogTitle>
        {children}
        <DialogActions pending={pending} onCancel={onClose}>
          <button type="submit" className={buttons.primary} disabled={pending}>
            Save
          </button>
        </DialogActions>
      </form>
    </ConsoleDialog>
  );
}
