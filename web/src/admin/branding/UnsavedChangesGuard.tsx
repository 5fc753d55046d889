import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import buttons from '../../shell/buttons.module.css';
import dialog from '../../shell/LogoutDialog.module.css';
import { DialogTitle, ModalDialog } from '../../shell/ModalDialog.tsx';

/**
 * While `dirty`, leaving the screen asks first: another screen of the app through a dialog, a
 * reload or a closed tab through the browser's own question.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  if (blocker.state !== 'blocked') return null;
  return (
    <ModalDialog
      className={dialog.modal}
      role="alertdialog"
      isDismissable
      onClose={() => blocker.reset()}
    >
      <div className={dialog.dialog}>
        <div className={dialog.text}>
          <DialogTitle className={dialog.title}>Leave without saving?</DialogTitle>
          <p className={dialog.message}>Your changes are not saved yet and will be lost.</p>
        </div>
        <div className={dialog.actions}>
          <button
            type="button"
            className={buttons.secondary}
            onClick={() => blocker.reset()}
            data-autofocus
          >
            Stay and keep editing
          </button>
          <button type="button" className={buttons.primary} onClick={() => blocker.proceed()}>
            Leave
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
