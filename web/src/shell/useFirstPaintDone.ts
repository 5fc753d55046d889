import { useEffect, useState } from 'react';

let painted = false;

/**
 * A page that paints nothing contentful this long after asking still gets what waits: nothing it
 * shows may wait for ever on a paint it cannot make.
 */
const PAINT_WAIT_MS = 1000;

/**
 * Calls `done` once the browser has recorded the page's first contentful paint: the time it
 * presented the frame, which comes a frame or more after the frame's own task (a request sent from
 * that task still ended before the recorded paint, and Lighthouse counted it, decision 0062).
 * Browsers without paint timing count a frame's painting instead. Returns a cancel.
 */
function afterFirstPaint(done: () => void): () => void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callback runs just before the browser paints it; a task queued there runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(done);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }
  const fallback = setTimeout(finish, PAINT_WAIT_MS);
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length > 0) finish();
  });
  observer.observe({ type: 'paint', buffered: true });
  function finish() {
    observer.disconnect();
    clearTimeout(fallback);
    done();
  }
  return () => {
    observer.disconnect();
    clearTimeout(fallback);
  };
}

/**
 * Whether the app's first screen has been painted. What that paint does not show (the reference
 * lists, the unread count, a picker's options, an idea's comments, experts and similar ideas)
 * waits for it: Lighthouse counts every request that ends before the largest paint as one the
 * paint waited for, and these took the six connections after the app's script (docs/decisions/0054).
 * Screens opened later render with it true. A tab opened in the background paints, and so asks,
 * once shown.
 */
export function useFirstPaintDone(): boolean {
  const [done, setDone] = useState(painted);
  useEffect(() => {
    if (done) return;
    return afterFirstPaint(() => {
      painted = true;
      setDone(true);
    });
  }, [done]);
  return done;
}
