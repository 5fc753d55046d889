import { limits } from '@kindling/contract';
import type { ToastTone } from './toastQueue.ts';

const loadQueue = () => import('./toastQueue.ts');
const listeners = new Set<() => void>();
let shown = false;

/** Whether any toast was raised yet: until then neither the queue nor its region is loaded. */
export const toastsShown = () => shown;

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Shows a toast that closes itself after SPEC §9's 5000 ms, or earlier with its close button.
 * Callable outside React (the query cache raises toasts too). The queue loads with the first
 * toast, keeping it out of the first page's script.
 */
export function showToast(message: string, tone: ToastTone = 'info'): void {
  if (!shown) {
    shown = true;
    for (const listener of listeners) listener();
  }
  void loadQueue().then(({ toastQueue }) =>
    toastQueue.add({ message, tone }, { timeout: limits.toastMs }),
  );
}
