import { useSyncExternalStore } from 'react';
import type { PersistedState } from './persistedState.ts';
import { persistedStore } from './persistedStore.ts';

/** Reads one persisted slice and re-renders when it changes. */
export function usePersisted<K extends keyof PersistedState>(name: K): PersistedState[K] {
  return useSyncExternalStore(persistedStore.subscribe, () => persistedStore.getState()[name]);
}
