import { describe, expect, it } from 'vitest';
import { formatLongDate } from './dates.ts';

describe('formatLongDate', () => {
  it('writes ISO dates as long month, day, year', () => {
    expect(formatLongDate('2026-11-01')).toBe('November 1, 2026');
    expect(formatLongDate('2026-01-31T23:30:00Z')).toBe('January 31, 2026');
  });

  it('leaves anything else as it came', () => {
    expect(formatLongDate('Spring 2026')).toBe('Spring 2026');
    expect(formatLongDate('2026-13-45')).toBe('2026-13-45');
  });
});
