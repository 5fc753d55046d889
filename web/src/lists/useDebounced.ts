import { useEffect, useState } from 'react';

/** SPEC §9: searches wait 300 ms after the last keystroke. */
export const DEBOUNCE_MS = 300;

/** The value once it has stayed unchanged for a moment, so typing asks the API once. */
export function useDebounced<T>(value: T, ms = DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
