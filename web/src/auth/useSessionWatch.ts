import { useEffect } from 'react';
import { useAuth } from './AuthContext.ts';
import { sessionHasEnded } from './sessionWatch.ts';

/** How often the session's end is checked while the page is open; focus checks at once too. */
const CHECK_INTERVAL_MS = 30_000;

/** Calls `onEnded` once the signed-in member's session has run out (SPEC §4). */
export function useSessionWatch(onEnded: () => void): void {
  const { session, user } = useAuth();
  const remembered = user?.isRememberSession ?? false;

  useEffect(() => {
    if (!session) return;
    let reported = false;
    const check = () => {
      if (reported || !sessionHasEnded(session, remembered, Date.now())) return;
      reported = true;
      onEnded();
    };
    check();
    const timer = setInterval(check, CHECK_INTERVAL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [session, remembered, onEnded]);
}
