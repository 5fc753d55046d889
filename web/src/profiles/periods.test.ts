import { describe, expect, it } from 'vitest';
import { durationLabel, periodLabel } from './periods.ts';

const today = new Date('2026-11-22T12:00:00Z');

describe('durationLabel', () => {
  it('counts years and months with both the first and the last month included', () => {
    expect(durationLabel('2019-01-01', '2021-03-31', today)).toBe('2 yrs 3 mos');
    expect(durationLabel('2016-08-15', '2021-06-30', today)).toBe('4 yrs 11 mos');
  });

  it('names a single year or month in the singular and leaves out a zero part', () => {
    expect(durationLabel('2020-01-01', '2020-12-31', today)).toBe('1 yr');
    expect(durationLabel('2020-01-01', '2021-01-31', today)).toBe('1 yr 1 mo');
    expect(durationLabel('2020-03-10', '2020-03-20', today)).toBe('1 mo');
    expect(durationLabel('2020-03-10', '2020-07-01', today)).toBe('5 mos');
    expect(durationLabel('2018-06-01', '2021-05-31', today)).toBe('3 yrs');
  });

  it('runs an open end to the current month', () => {
    expect(durationLabel('2021-07-01', null, today)).toBe('5 yrs 5 mos');
  });

  it('has nothing to say without a start, or with an end before it', () => {
    expect(durationLabel(null, '2020-01-01', today)).toBeNull();
    expect(durationLabel('not a date', null, today)).toBeNull();
    expect(durationLabel('2021-05-01', '2020-01-01', today)).toBeNull();
  });
});

describe('periodLabel', () => {
  it('reads month and year, with Present for an open end', () => {
    expect(periodLabel('2021-07-01', null)).toBe('Jul 2021 – Present');
    expect(periodLabel('2016-08-15', '2021-06-30')).toBe('Aug 2016 – Jun 2021');
    expect(periodLabel(null, '2020-05-31')).toBe('May 2020');
    expect(periodLabel(null, null)).toBeNull();
  });
});
