import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-aria-components/Button';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components/Modal';
import buttons from '../shell/buttons.module.css';
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
    <ModalOverlay
      className={styles.overlay}
      isOpen
      isDismissable={!removal.isPending}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Modal className={styles.modal}>
        <Dialog className={styles.dialog} role="alertdialog">
          <div className={styles.text}>
            <Heading slot="title" className={styles.title}>
              Delete this idea?
            </Heading>
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
          <div className={styles.actions}>
            <Button className={buttons.secondary} slot="close" isDisabled={removal.isPending}>
              Cancel
            </Button>
            <Button
              className={`${buttons.primary} ${styles.danger}`}
              onPress={() => removal.mutate()}
              isDisabled={removal.isPending}
            >
              {removal.isPending ? 'Deleting…' : 'Delete idea'}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
