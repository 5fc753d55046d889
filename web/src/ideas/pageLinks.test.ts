import { describe, expect, it } from 'vitest';
import { pageLinks } from './pageLinks.ts';

describe('pageLinks', () => {
  it('lists every page when there are few', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps first, last and two either side, with gaps between', () => {
    expect(pageLinks(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
    expect(pageLinks(1, 20)).toEqual([1, 2, 3, 'gap', 20]);
    expect(pageLinks(20, 20)).toEqual([1, 'gap', 18, 19, 20]);
  });

  it('shows a single missing page rather than a gap', () => {
    expect(pageLinks(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
