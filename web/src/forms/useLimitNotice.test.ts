// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLimitNotice } from './useLimitNotice.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useLimitNotice', () => {
  it('shows the message for 5000 ms, then hides it', () => {
    const { result } = renderHook(() => useLimitNotice());
    expect(result.current[0]).toBeNull();
    act(() => result.current[1]('You can add up to 4 patent numbers.'));
    expect(result.current[0]).toBe('You can add up to 4 patent numbers.');
    act(() => vi.advanceTimersByTime(4999));
    expect(result.current[0]).toBe('You can add up to 4 patent numbers.');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]).toBeNull();
  });

  it('starts the 5000 ms again when shown again', () => {
    const { result } = renderHook(() => useLimitNotice());
    act(() => result.current[1]('first'));
    act(() => vi.advanceTimersByTime(4000));
    act(() => result.current[1]('second'));
    act(() => vi.advanceTimersByTime(4000));
    expect(result.current[0]).toBe('second');
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current[0]).toBeNull();
  });
});
