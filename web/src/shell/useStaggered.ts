import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a screen's `count` parts to render: `first` at once, then one more per task. A long
 * form rendered whole is one task of several hundred milliseconds on a phone, in which the page
 * answers nothing (Lighthouse's blocking time); rendered part by part, the browser paints and
 * answers input between the parts, and the first screenful shows sooner. Each part renders as a
 * transition, which React leaves every few milliseconds for the browser, so no part's render is a
 * long task either (decision 0062). The caller keeps its parts' elements from render to render
 * (`useMemo`), or each step renders again every part already shown.
 */
export function useStaggered(count: number, first: number): number {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown >= count) return;
    const next = setTimeout(() => startTransition(() => setShown((n) => n + 1)), 0);
    return () => clearTimeout(next);
  }, [shown, count]);
  return Math.min(shown, count);
}
