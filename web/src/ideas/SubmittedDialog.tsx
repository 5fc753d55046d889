import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import buttons from '../shell/buttons.module.css';
import { DialogTitle, ModalDialog } from '../shell/ModalDialog.tsx';
import { CheckCircleIcon } from '../shell/screenIcons.tsx';
import styles from './SubmittedDialog.module.css';

/**
 * SPEC §2: after posting or editing, the two ways on: the idea itself, or the member's list.
 * It cannot be dismissed, so the form behind it is never sent twice by accident.
 */
export function SubmittedDialog({ ideaId, edited }: { ideaId: number; edited: boolean }) {
  return (
    <ModalDialog className={styles.modal} role="alertdialog" isKeyboardDismissDisabled>
      <div className={styles.dialog}>
        <div className={styles.icon}>
          <CheckCircleIcon width={32} height={32} />
        </div>
        <DialogTitle className={styles.title}>
          {edited ? 'Your changes are saved' : 'Your idea is posted'}
        </DialogTitle>
        <p className={styles.message}>
          {edited
            ? 'Everyone now sees the updated idea.'
            : 'Members can now discover it, follow it and get in touch.'}
        </p>
        <div className={styles.actions}>
          <Link className={buttons.secondary} to={paths.myIdeas}>
            Go to My Submissions
          </Link>
          <Link className={buttons.primary} to={paths.idea(ideaId)} data-autofocus>
            View Submission
          </Link>
        </div>
      </div>
    </ModalDialog>
  );
}
