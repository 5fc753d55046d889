import { describe, expect, it } from 'vitest';
import { formatLongDate, formatRelativeTime } from './dates.ts';

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

describe('formatRelativeTime', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it('says how long ago, in the largest whole unit, up to a month', () => {
    expect(formatRelativeTime(ago(20), now)).toBe('just now');
    expect(formatRelativeTime(ago(60), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(59 * 60), now)).toBe('59 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600 + 10), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(86_400), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(29 * 86_400), now)).toBe('29 days ago');
  });

  it('gives the date from a month back, and a time ahead of the clock reads just now', () => {
    expect(formatRelativeTime(ago(31 * 86_400), now)).toBe('February 7, 2026');
    expect(formatRelativeTime(ago(-30), now)).toBe('just now');
  });
});
