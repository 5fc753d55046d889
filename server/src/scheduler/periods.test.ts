import { describe, expect, it } from 'vitest';
import { dailyPeriod, hourlyPeriod, minutesPeriod, weeklyPeriod } from './periods.ts';

const at = (iso: string) => new Date(iso);

describe('scheduler periods', () => {
  it('a daily period starts at 08:00 in the time zone', () => {
    expect(dailyPeriod(at('2026-11-27T07:59:59Z'), 'UTC', 8)).toBe('2026-11-26');
    expect(dailyPeriod(at('2026-11-27T08:00:00Z'), 'UTC', 8)).toBe('2026-11-27');
    // 08:00 in Auckland (UTC+13 in November) is 19:00 UTC the day before.
    expect(dailyPeriod(at('2026-11-26T18:59:00Z'), 'Pacific/Auckland', 8)).toBe('2026-11-26');
    expect(dailyPeriod(at('2026-11-26T19:00:00Z'), 'Pacific/Auckland', 8)).toBe('2026-11-27');
    // Across the turn of a month and a year, and on the day summer time begins in Berlin.
    expect(dailyPeriod(at('2027-01-01T06:00:00Z'), 'America/New_York', 8)).toBe('2026-12-31');
    expect(dailyPeriod(at('2026-03-29T06:00:00Z'), 'Europe/Berlin', 8)).toBe('2026-03-29');
    expect(dailyPeriod(at('2026-03-29T05:59:00Z'), 'Europe/Berlin', 8)).toBe('2026-03-28');
  });

  it('a weekly period starts on Monday at 08:00', () => {
    // 2026-11-23 is a Monday.
    expect(weeklyPeriod(at('2026-11-23T07:59:00Z'), 'UTC', 8)).toBe('2026-11-16');
    expect(weeklyPeriod(at('2026-11-23T08:00:00Z'), 'UTC', 8)).toBe('2026-11-23');
    expect(weeklyPeriod(at('2026-11-29T23:59:00Z'), 'UTC', 8)).toBe('2026-11-23');
    // Sunday 20:00 UTC is already Monday 09:00 in Auckland.
    expect(weeklyPeriod(at('2026-11-29T20:00:00Z'), 'Pacific/Auckland', 8)).toBe('2026-11-30');
  });

  it('an hourly period is the UTC hour', () => {
    expect(hourlyPeriod(at('2026-11-27T02:59:59Z'))).toBe('2026-11-27T02');
  });

  it('a period of minutes is the UTC slot it starts', () => {
    expect(minutesPeriod(at('2026-11-27T02:34:59Z'), 5)).toBe('2026-11-27T02:30');
    expect(minutesPeriod(at('2026-11-27T02:35:00Z'), 5)).toBe('2026-11-27T02:35');
    expect(minutesPeriod(at('2026-11-27T23:59:59Z'), 5)).toBe('2026-11-27T23:55');
  });
});
