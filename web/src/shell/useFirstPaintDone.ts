import { useEffect, useState } from 'react';

let painted = false;

/**
 * Whether the app's first screen has been painted. What that paint does not show (the reference
 * lists, the unread count, a picker's options, the comments below an idea) waits
 * for it: Lighthouse counts every request that ends before the largest paint as one the paint
 * waited for, and these took the six connections after the app's script (docs/decisions/0054).
 * Screens opened later render with it true. A tab opened in the background paints, and so asks,
 * once shown.
 */
export function useFirstPaintDone(): boolean {
  const [done, setDone] = useState(painted);
  useEffect(() => {
    if (done) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callback runs just before the browser paints it; a task queued there runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        painted = true;
        setDone(true);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [done]);
  return done;
}
