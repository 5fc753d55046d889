// @vitest-environment jsdom
import type { TenantAnswer } from '@kindling/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { persistedStore } from '../state/persistedStore.ts';
import { TenantContext } from '../tenant/TenantContext.ts';
import { ReferenceData } from './ReferenceData.tsx';

const answers: Record<string, unknown> = {
  '/roles': { roles: [{ id: 1, name: 'Faculty' }] },
  '/support': { support_or_partnership: [{ id: 1, name: 'Funding' }] },
  '/ip-status': { ip_statuses: [{ id: 1, name: 'Filed' }] },
  '/schools': { schools: [{ id: 1, name: 'Engineering' }] },
  '/departments': { departments: [{ id: 1, name: 'Physics', school_id: 1 }] },
};

vi.mock('../api/client.ts', () => ({
  api: {
    // The lists answer one after another, as they do over the network.
    get: async (path: string) => {
      await new Promise((resolve) => setTimeout(resolve, Object.keys(answers).indexOf(path) * 5));
      return answers[path];
    },
  },
}));
vi.mock('../tenant/tenantApi.ts', () => ({
  tenantQueryKey: (domain: string) => ['tenant', domain],
  fetchTenant: async () => ({}),
}));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const withTenant = () => (
  <QueryClientProvider client={new QueryClient()}>
    <TenantContext value={{ id: 1, domain: 'demo.localhost' } as TenantAnswer}>
      <ReferenceData />
    </TenantContext>
  </QueryClientProvider>
);

describe('ReferenceData', () => {
  it('copies the five lists into the persisted store in one write', async () => {
    const update = vi.spyOn(persistedStore, 'update');
    render(withTenant());
    await waitFor(() => expect(persistedStore.getState().departments).toHaveLength(1));
    expect(update).toHaveBeenCalledTimes(1);
    expect(persistedStore.getState()).toMatchObject({
      roles: [{ name: 'Faculty' }],
      support_or_partnership: [{ name: 'Funding' }],
      ip_statuses: [{ name: 'Filed' }],
      schools: [{ name: 'Engineering' }],
    });
  });

  it('writes only the lists that changed, and keeps the others as they were', async () => {
    // As restored from the last visit: equal copies, not the answers' own objects.
    const restored = {
      roles: [{ id: 1, name: 'Faculty' }],
      support_or_partnership: [{ id: 1, name: 'Funding' }],
      ip_statuses: [{ id: 1, name: 'Provisional' }],
      schools: [{ id: 1, name: 'Engineering' }],
      departments: [{ id: 1, name: 'Physics', school_id: 1 }],
    };
    persistedStore.update(structuredClone(restored) as never);
    const before = persistedStore.getState();
    const update = vi.spyOn(persistedStore, 'update');
    render(withTenant());
    await waitFor(() =>
      expect(persistedStore.getState().ip_statuses).toEqual([{ id: 1, name: 'Filed' }]),
    );
    expect(update).toHaveBeenCalledTimes(1);
    expect(Object.keys(update.mock.calls[0]?.[0] ?? {})).toEqual(['ip_statuses']);
    const after = persistedStore.getState();
    expect(after.roles).toBe(before.roles);
    expect(after.departments).toBe(before.departments);
  });

  it('writes nothing when every list is as the store holds it', async () => {
    persistedStore.update({
      roles: [{ id: 1, name: 'Faculty' }],
      support_or_partnership: [{ id: 1, name: 'Funding' }],
      ip_statuses: [{ id: 1, name: 'Filed' }],
      schools: [{ id: 1, name: 'Engineering' }],
      departments: [{ id: 1, name: 'Physics', school_id: 1 }],
    } as never);
    const update = vi.spyOn(persistedStore, 'update');
    const listeners = vi.fn();
    const unsubscribe = persistedStore.subscribe(listeners);
    render(withTenant());
    await new Promise((resolve) => setTimeout(resolve, 100));
    unsubscribe();
    expect(update).not.toHaveBeenCalled();
    expect(listeners).not.toHaveBeenCalled();
  });
});
