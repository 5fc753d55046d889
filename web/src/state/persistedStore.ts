import { limits, PERSIST_KEY } from '@kindling/contract';
import {
  emptyState,
  type PersistedState,
  parsePersistedState,
  type SliceName,
  serializePersistedState,
} from './persistedState.ts';

/** localStorage, or any store answering the same calls, possibly asynchronously. */
export interface PersistStorage {
  getItem(key: string): string | null | Promise<string | null>;
  setItem(key: string, value: string): void | Promise<void>;
}

export interface PersistedStore {
  getState(): PersistedState;
  subscribe(listener: () => void): () => void;
  update(patch: Partial<PersistedState>): void;
  clear(names: readonly SliceName[]): void;
  /** Loads the stored state; gives up after `timeoutMs` and starts from empty state instead. */
  restore(timeoutMs?: number): Promise<void>;
  /** Adopts changes another tab writes, so this tab does not later write stale slices back. */
  followOtherTabs(target: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void;
}

export function createPersistedStore(
  storage: PersistStorage | undefined,
  key: string = PERSIST_KEY,
): PersistedStore {
  let state = emptyState;
  const listeners = new Set<() => void>();

  const notify = () => {
    for (const listener of listeners) listener();
  };

  const write = () => {
    try {
      // A full or forbidden storage (private mode, quota) must not break the app: state stays in memory.
      void Promise.resolve(storage?.setItem(key, serializePersistedState(state))).catch(() => {});
    } catch {}
  };

  const set = (next: PersistedState) => {
    state = next;
    write();
    notify();
  };

  const read = async (): Promise<string | null> => {
    try {
      return (await storage?.getItem(key)) ?? null;
    } catch {
      return null;
    }
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(patch) {
      set({ ...state, ...patch });
    },
    clear(names) {
      const next = { ...state };
      for (const name of names) Object.assign(next, { [name]: emptyState[name] });
      set(next);
    },
    async restore(timeoutMs = limits.persistTimeoutMs) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs);
      });
      const raw = await Promise.race([read(), timedOut]);
      clearTimeout(timer);
      state = parsePersistedState(raw);
      notify();
    },
    followOtherTabs(target) {
      const onStorage = (event: StorageEvent) => {
        if (event.key !== key) return;
        state = parsePersistedState(event.newValue);
        notify();
      };
      target.addEventListener('storage', onStorage);
      return () => target.removeEventListener('storage', onStorage);
    },
  };
}

function browserStorage(): PersistStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Reading localStorage throws where the browser forbids storage for this site.
    return undefined;
  }
}

export const persistedStore = createPersistedStore(browserStorage());
