import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Brings the section named by the URL's hash into view once its content is there: a link such as a
 * notification's `/ideas/12#comments` lands on the section loaded after the page (ScrollToTop
 * has put the page at its top by then).
 */
export function useScrollToHash(id: string, ready: boolean) {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each visit (key) scrolls once more
  useEffect(() => {
    if (!ready || hash !== `#${id}`) return;
    document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [ready, hash, id, key]);
}
