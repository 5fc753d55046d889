import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToToasts, toastsShown } from './showToast.ts';

const ToastRegion = lazy(() =>
  import('./ToastRegion.tsx').then((m) => ({ default: m.ToastRegion })),
);

/** Where toasts appear, mounted from the first toast on; the region itself shows only while one does. */
export function Toasts() {
  const shown = useSyncExternalStore(subscribeToToasts, toastsShown);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
