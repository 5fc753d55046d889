import { useEffect } from 'react';
import { Button } from 'react-aria-components/Button';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components/Modal';
import { useBlocker } from 'react-router';
import buttons from '../../shell/buttons.module.css';
import dialog from '../../shell/LogoutDialog.module.css';

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
    <ModalOverlay
      className={dialog.overlay}
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) blocker.reset();
      }}
    >
      <Modal className={dialog.modal}>
        <Dialog className={dialog.dialog} role="alertdialog">
          <div className={dialog.text}>
            <Heading slot="title" className={dialog.title}>
              Leave without saving?
            </Heading>
            <p className={dialog.message}>Your changes are not saved yet and will be lost.</p>
          </div>
          <div className={dialog.actions}>
            <Button className={buttons.secondary} onPress={() => blocker.reset()} autoFocus>
              Stay and keep editing
            </Button>
            <Button className={buttons.primary} onPress={() => blocker.proceed()}>
              Leave
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
