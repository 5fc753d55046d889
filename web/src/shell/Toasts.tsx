import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastQueue } from './toasts.ts';

// The region's code loads with the first toast, keeping it out of the first page's script.
const ToastRegion = lazy(() =>
  import('./ToastRegion.tsx').then((m) => ({ default: m.ToastRegion })),
);

const subscribe = (onChange: () => void) => toastQueue.subscribe(onChange);
const hasToasts = () => toastQueue.visibleToasts.length > 0;

/** Where toasts appear, mounted only while there is one to show. */
export function Toasts() {
  const visible = useSyncExternalStore(subscribe, hasToasts);
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
