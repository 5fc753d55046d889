// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/apiError.ts';
import { showToast } from '../shell/showToast.ts';
import { useFormMutation } from './useFormMutation.ts';

vi.mock('../shell/showToast.ts', () => ({ showToast: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

type Values = { name: string; links: { url: string }[] };

const refusal = new ApiError({
  code: 'BAD_REQUEST',
  message: 'Please enter a name.',
  status: 400,
  details: [
    { field: 'name', error: 'Please enter a name.' },
    { field: 'links.0.url', error: 'Please enter a valid URL.' },
    { field: 'tenant_id', error: 'Not a field of the form.' },
  ],
});

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function renderForm(
  options: {
    saved?: (answer: unknown, values: unknown) => unknown;
    toast?: boolean;
    problem?: (error: unknown, failure: { values: unknown; onFields: boolean }) => string | null;
  },
  send: () => Promise<unknown>,
) {
  return renderHook(
    () => {
      const form = useForm<Values>({ defaultValues: { name: '', links: [{ url: '' }] } });
      return { form, mutation: useFormMutation(form, { ...options, send }) };
    },
    { wrapper },
  );
}

describe('useFormMutation', () => {
  it('puts a refusal on the fields the form holds and its first message above them', async () => {
    const { result } = renderForm({}, () => Promise.reject(refusal));
    await act(() => result.current.mutation.submit());
    expect(result.current.form.formState.errors.name?.message).toBe('Please enter a name.');
    expect(result.current.form.formState.errors.links?.[0]?.url?.message).toBe(
      'Please enter a valid URL.',
    );
    expect(result.current.mutation.problem).toBe('Please enter a name.');
    expect(showToast).not.toHaveBeenCalled();
  });

  it('toasts the message instead when the form says so, and tells a thrown failure as unknown', async () => {
    const { result } = renderForm({ toast: true }, () => Promise.reject(new TypeError('boom')));
    await act(() => result.current.mutation.submit());
    expect(showToast).toHaveBeenCalledWith('An unknown error occurred.', 'error');
    expect(result.current.mutation.problem).toBeNull();
  });

  it('hands the answer to saved, and run rejects so a dialog can stay open', async () => {
    const saved = vi.fn();
    const { result } = renderForm({ saved }, () => Promise.resolve({ id: 7 }));
    await act(() => result.current.mutation.submit());
    expect(saved).toHaveBeenCalledWith({ id: 7 }, { name: '', links: [{ url: '' }] });

    const failing = renderForm({}, () => Promise.reject(refusal));
    await act(() =>
      expect(failing.result.current.mutation.run({ name: 'x', links: [] })).rejects.toBe(refusal),
    );
    expect(failing.result.current.mutation.problem).toBe('Please enter a name.');
  });

  it('tells problem what was sent and whether the fields took a detail', async () => {
    const problem = vi.fn(() => null);
    const { result } = renderForm({ problem }, () => Promise.reject(refusal));
    await act(() => expect(result.current.mutation.run(null)).rejects.toBe(refusal));
    expect(problem).toHaveBeenCalledWith(refusal, { values: null, onFields: true });
    expect(result.current.mutation.problem).toBeNull();
  });
});
