// @vitest-environment jsdom
import type { TenantAnswer, UserDetails } from '@kindling/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyState, STATE_VERSION } from './persistedState.ts';
import { createPersistedStore, type PersistStorage } from './persistedStore.ts';

const KEY = 'persist:test';

const user: UserDetails = {
  id: 'sub-1',
  userId: 1,
  name: 'Ada Lovelace',
  email: 'ada@demo.localhost',
  profileImageUrl: null,
  roleId: 2,
  schoolName: null,
  departmentName: null,
  permissions: ['create_idea'],
  isRememberSession: false,
};

const tenant = { id: 3, name: 'Demo', domain: 'demo.localhost', branding: {} } as TenantAnswer;

function memoryStorage(initial: Record<string, string> = {}): PersistStorage & {
  data: Record<string, string>;
} {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('persisted store', () => {
  it('restores the stored slices', async () => {
    const storage = memoryStorage({
      [KEY]: JSON.stringify({
        version: STATE_VERSION,
        user,
        tenant,
        roles: [{ id: 2, name: 'Faculty', icon: '' }],
      }),
    });
    const store = createPersistedStore(storage, KEY);
    await store.restore();
    expect(store.getState()).toMatchObject({ user, tenant, roles: [{ id: 2 }], schools: [] });
  });

  it('starts empty from missing, unreadable or outdated data', async () => {
    for (const raw of [undefined, '{not json', JSON.stringify({ version: 0, user })]) {
      const store = createPersistedStore(memoryStorage(raw ? { [KEY]: raw } : {}), KEY);
      await store.restore();
      expect(store.getState()).toEqual(emptyState);
    }
  });

  it('drops a slice of the wrong shape and keeps the others', async () => {
    const raw = JSON.stringify({ version: STATE_VERSION, user: { name: 'x' }, tenant });
    const store = createPersistedStore(memoryStorage({ [KEY]: raw }), KEY);
    await store.restore();
    expect(store.getState().user).toBeNull();
    expect(store.getState().tenant).toEqual(tenant);
  });

  it('starts empty when storage itself throws', async () => {
    const store = createPersistedStore(
      {
        getItem: () => {
          throw new Error('SecurityError');
        },
        setItem: () => {},
      },
      KEY,
    );
    await store.restore();
    expect(store.getState()).toEqual(emptyState);
  });

  it('gives up on a storage that never answers after the persist timeout', async () => {
    vi.useFakeTimers();
    const store = createPersistedStore(
      { getItem: () => new Promise<string | null>(() => {}), setItem: () => {} },
      KEY,
    );
    let restored = false;
    const restoring = store.restore(5000).then(() => {
      restored = true;
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(restored).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await restoring;
    expect(store.getState()).toEqual(emptyState);
  });

  it('writes updates through to storage and notifies subscribers', async () => {
    const storage = memoryStorage();
    const store = createPersistedStore(storage, KEY);
    const listener = vi.fn();
    store.subscribe(listener);

    store.update({ user, tenant });

    expect(listener).toHaveBeenCalledTimes(1);
    const again = createPersistedStore(storage, KEY);
    await again.restore();
    expect(again.getState()).toMatchObject({ user, tenant });
  });

  it('clears only the named slices', () => {
    const store = createPersistedStore(memoryStorage(), KEY);
    store.update({ user, tenant, schools: [{ id: 1, name: 'Engineering' }] });
    store.clear(['user', 'schools']);
    expect(store.getState()).toMatchObject({ user: null, schools: [], tenant });
  });

  it("adopts another tab's writes", () => {
    const target = new EventTarget();
    const store = createPersistedStore(memoryStorage(), KEY);
    const stop = store.followOtherTabs(target as unknown as Window);
    const newValue = JSON.stringify({ version: STATE_VERSION, tenant });

    target.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: '{}' }));
    expect(store.getState().tenant).toBeNull();
    target.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue }));
    expect(store.getState().tenant).toEqual(tenant);
    stop();
  });
});
