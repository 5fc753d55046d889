import { Button } from 'react-aria-components/Button';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components/Modal';
import { PersonPhoto } from '../people/PersonPhoto.tsx';
import buttons from '../shell/buttons.module.css';
import { CheckCircleIcon } from '../shell/screenIcons.tsx';
import styles from './dialogs.module.css';

interface SavedDialogProps {
  name: string;
  imageUrl: string | null;
  texts: { message: string; description: string; viewProfileButton: string };
  onViewProfile(): void;
  onClose(): void;
}

/** SPEC §2: after a save, the photo, the tenant's success texts and the way to the profile. */
export function SavedDialog({ name, imageUrl, texts, onViewProfile, onClose }: SavedDialogProps) {
  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Modal className={`${styles.modal} ${styles.narrow}`}>
        <Dialog className={`${styles.dialog} ${styles.saved}`}>
          <div className={styles.savedPhoto}>
            <PersonPhoto name={name} imageUrl={imageUrl} size="large" />
            <CheckCircleIcon className={styles.savedMark} width={28} height={28} />
          </div>
          <Heading slot="title" className={styles.title}>
            {texts.message}
          </Heading>
          <p className={styles.savedText}>{texts.description}</p>
          <Button className={buttons.primary} onPress={onViewProfile} autoFocus>
            {texts.viewProfileButton}
          </Button>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
