import { useRef, useSyncExternalStore } from 'react';
import { CloseIcon } from './icons.tsx';
import styles from './ToastRegion.module.css';
import { type QueuedToast, toastQueue } from './toastQueue.ts';

/**
 * The top-centre region where toasts appear (SPEC §2), each with a close button. Each toast is a
 * non-modal alert dialog whose message is an alert, so screen readers announce it as it appears.
 */
export function ToastRegion() {
  const toasts = useSyncExternalStore(toastQueue.subscribe, toastQueue.visibleToasts);
  const region = useRef<HTMLElement>(null);
  // Where focus was before it entered the region, to return there when the last toast closes.
  const cameFrom = useRef<HTMLElement | null>(null);

  const close = (toast: QueuedToast) => {
    const closes = toasts.filter((shown) => shown.key !== toast.key);
    const focusInside = region.current?.contains(document.activeElement) ?? false;
    toastQueue.close(toast.key);
    if (!focusInside) return;
    if (closes.length > 0) {
      region.current?.querySelector<HTMLElement>(`[data-key="${closes[0]?.key}"] button`)?.focus();
    } else {
      toastQueue.resume();
      if (cameFrom.current?.isConnected) cameFrom.current.focus();
    }
  };

  if (toasts.length === 0) return null;
  return (
    <section
      ref={region}
      aria-label={toasts.length === 1 ? 'Notification' : `${toasts.length} notifications`}
      className={styles.region}
      onPointerEnter={() => toastQueue.pause()}
      onPointerLeave={() => {
        if (!region.current?.contains(document.activeElement)) toastQueue.resume();
      }}
      onFocus={(event) => {
        if (!region.current?.contains(event.relatedTarget as Node | null)) {
          cameFrom.current = event.relatedTarget as HTMLElement | null;
        }
        toastQueue.pause();
      }}
      onBlur={(event) => {
        if (!region.current?.contains(event.relatedTarget as Node | null)) toastQueue.resume();
      }}
    >
      {toasts.map((toast) => (
        <div
          key={toast.key}
          data-key={toast.key}
          role="alertdialog"
          aria-modal="false"
          aria-labelledby={`toast-${toast.key}`}
          className={styles.toast}
          data-tone={toast.content.tone}
        >
          <div role="alert" className={styles.content}>
            <span id={`toast-${toast.key}`}>{toast.content.message}</span>
          </div>
          <button
            type="button"
            className={styles.close}
            aria-label="Close notification"
            onClick={() => close(toast)}
          >
            <CloseIcon width={18} height={18} />
          </button>
        </div>
      ))}
    </section>
  );
}
