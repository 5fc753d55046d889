import { ReferenceData } from '../lookups/ReferenceData.tsx';
import { useSessionWatch } from './useSessionWatch.ts';

/**
 * What runs only while a member is signed in: the reference data refresh and the session watch.
 * Loaded with the first signed-in screen, so signed-out visitors never download it.
 */
export function SignedInServices({ onSessionEnded }: { onSessionEnded(): void }) {
  useSessionWatch(onSessionEnded);
  return <ReferenceData />;
}
