import { useEffect, useState } from 'react';

/**
 * How many of a screen's `count` parts to render: `first` at once, then one more per task. A long
 * form rendered whole is one task of several hundred milliseconds on a phone, in which the page
 * answers nothing (Lighthouse's blocking time); rendered part by part, the browser paints and
 * answers input between the parts, and the first screenful shows sooner.
 */
export function useStaggered(count: number, first: number): number {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown >= count) return;
    const next = setTimeout(() => setShown((n) => n + 1), 0);
    return () => clearTimeout(next);
  }, [shown, count]);
  return Math.min(shown, count);
}
