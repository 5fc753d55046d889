import { describe, expect, it } from 'vitest';
import { pageWindow, totalPages } from './paging.ts';

describe('pageWindow', () => {
  it('reads the first half from the near end', () => {
    expect(pageWindow(100, 1, 10, 'desc')).toEqual({ offset: 0, limit: 10, scan: 'desc' });
    expect(pageWindow(100, 5, 10, 'asc')).toEqual({ offset: 40, limit: 10, scan: 'asc' });
  });

  it('reads past the middle from the far end, skipping fewer rows', () => {
    expect(pageWindow(100, 6, 10, 'desc')).toEqual({ offset: 40, limit: 10, scan: 'asc' });
    expect(pageWindow(100, 10, 10, 'desc')).toEqual({ offset: 0, limit: 10, scan: 'asc' });
  });

  it('shortens a partial last page and reads it from the far end', () => {
    expect(pageWindow(25, 3, 10, 'asc')).toEqual({ offset: 0, limit: 5, scan: 'desc' });
  });

  it('never skips more than half of the list', () => {
    for (let page = 1; page <= 20_000; page += 997) {
      expect(pageWindow(200_000, page, 10, 'desc').offset).toBeLessThanOrEqual(100_000);
    }
  });

  it('counts pages', () => {
    expect(totalPages(0, 10)).toBe(0);
    expect(totalPages(10, 10)).toBe(1);
    expect(totalPages(11, 10)).toBe(2);
  });
});
