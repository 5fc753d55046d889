import { limits } from '@kindling/contract';
import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components/Toast';

export type ToastTone = 'info' | 'success' | 'error';

export interface ToastContent {
  message: string;
  tone: ToastTone;
}

/** One queue for the whole app, so code outside React (the query cache) can raise toasts too. */
export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: 3 });

/** Shows a toast that closes itself after SPEC §9's 5000 ms, or earlier with its close button. */
export function showToast(message: string, tone: ToastTone = 'info'): void {
  toastQueue.add({ message, tone }, { timeout: limits.toastMs });
}
