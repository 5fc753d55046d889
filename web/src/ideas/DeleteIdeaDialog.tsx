import { useMutation, useQueryClient } from '@tanstack/react-query';
import buttons from '../shell/buttons.module.css';
import dialog from '../shell/LogoutDialog.module.css';
import { DialogTitle, ModalDialog } from '../shell/ModalDialog.tsx';
import styles from './DeleteIdeaDialog.module.css';
import { deleteIdea, ideaKeys } from './ideasApi.ts';

interface DeleteIdeaDialogProps {
  idea: { id: number; title: string };
  onClose(): void;
  onDeleted(): void;
}

/**
 * SPEC §4 delete: a confirmation, then the call. A failure shows inside the dialog, which stays
 * open for another try; success drops the idea from every cached list.
 */
export function DeleteIdeaDialog({ idea, onClose, onDeleted }: DeleteIdeaDialogProps) {
  const queryClient = useQueryClient();
  const removal = useMutation({
    mutationFn: () => deleteIdea(idea.id),
    onSuccess: () => {
      onDeleted();
      queryClient.removeQueries({ queryKey: ideaKeys.detail(idea.id) });
      void queryClient.invalidateQueries({ queryKey: ideaKeys.lists });
    },
  });
  return (
    <ModalDialog
      className={styles.modal}
      role="alertdialog"
      isDismissable={!removal.isPending}
      isKeyboardDismissDisabled={removal.isPending}
      onClose={onClose}
    >
      <div className={styles.dialog}>
        <div className={dialog.text}>
          <DialogTitle className={dialog.title}>Delete this idea?</DialogTitle>
          <p className={styles.message}>
            “{idea.title}” will be removed for everyone, along with its followers. This cannot be
            undone.
          </p>
        </div>
        {removal.error && (
          <p role="alert" className={styles.error}>
            {removal.error.message}
          </p>
        )}
        <div className={dialog.actions}>
          <button
            type="button"
            className={buttons.secondary}
            onClick={onClose}
            disabled={removal.isPending}
          >
            Cancel
          </button>
          <button
            type="button"
            className={`${buttons.primary} ${styles.danger}`}
            onClick={() => removal.mutate()}
            disabled={removal.isPending}
          >
            {removal.isPending ? 'Deleting…' : 'Delete idea'}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
