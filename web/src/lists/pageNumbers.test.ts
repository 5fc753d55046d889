import { describe, expect, it } from 'vitest';
import { pageNumbers } from './pageNumbers.ts';

describe('pageNumbers', () => {
  it('lists every page when there are few', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(1, 0)).toEqual([]);
  });

  it('keeps the ends and the neighbours of the current page, with gaps between', () => {
    expect(pageNumbers(1, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
    expect(pageNumbers(10, 20)).toEqual([1, null, 9, 10, 11, null, 20]);
    expect(pageNumbers(20, 20)).toEqual([1, null, 16, 17, 18, 19, 20]);
    expect(pageNumbers(4, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
  });

  it('never shows more than seven slots', () => {
    for (let current = 1; current <= 50; current += 1) {
      expect(pageNumbers(current, 50).length).toBeLessThanOrEqual(7);
    }
  });
});
