import { PersonPhoto } from '../people/PersonPhoto.tsx';
import buttons from '../shell/buttons.module.css';
import { DialogTitle, ModalDialog } from '../shell/ModalDialog.tsx';
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
    <ModalDialog className={`${styles.modal} ${styles.narrow}`} isDismissable onClose={onClose}>
      <div className={`${styles.dialog} ${styles.saved}`}>
        <div className={styles.savedPhoto}>
          <PersonPhoto name={name} imageUrl={imageUrl} size="large" />
          <CheckCircleIcon className={styles.savedMark} width={28} height={28} />
        </div>
        <DialogTitle className={styles.title}>{texts.message}</DialogTitle>
        <p className={styles.savedText}>{texts.description}</p>
        <button type="button" className={buttons.primary} onClick={onViewProfile} data-autofocus>
          {texts.viewProfileButton}
        </button>
      </div>
    </ModalDialog>
  );
}
