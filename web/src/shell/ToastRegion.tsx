import {
  UNSTABLE_ToastRegion as AriaToastRegion,
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
} from 'react-aria-components/Toast';
import { CloseIcon } from './icons.tsx';
import styles from './ToastRegion.module.css';
import { toastQueue } from './toastQueue.ts';
import type { ToastContent as Content } from './toasts.ts';

/** The top-centre region where toasts appear (SPEC §2), each with a close button. */
export function ToastRegion() {
  return (
    <AriaToastRegion<Content> queue={toastQueue} className={styles.region}>
      {({ toast }) => (
        <Toast toast={toast} className={styles.toast} data-tone={toast.content.tone}>
          <ToastContent className={styles.content}>
            <Text slot="title">{toast.content.message}</Text>
          </ToastContent>
          <Button slot="close" className={styles.close} aria-label="Close notification">
            <CloseIcon width={18} height={18} />
          </Button>
        </Toast>
      )}
    </AriaToastRegion>
  );
}
