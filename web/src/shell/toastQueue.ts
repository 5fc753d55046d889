import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components/Toast';
import type { ToastContent } from './toasts.ts';

/** One queue for the whole app, fed by showToast. */
export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: 3 });
