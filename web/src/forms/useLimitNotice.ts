import { limits } from '@kindling/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

/** A message that shows for SPEC §9's 5000 ms and then hides; showing it again restarts the wait. */
export function useLimitNotice(): [string | null, (message: string) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback((text: string) => {
    clearTimeout(timer.current);
    setMessage(text);
    timer.current = setTimeout(() => setMessage(null), limits.limitMessageMs);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [message, show];
}
