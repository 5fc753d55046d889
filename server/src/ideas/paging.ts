export type SortOrder = 'asc' | 'desc';

/** Which rows of an ordered list to read for one page, and in which direction to scan for them. */
export interface PageWindow {
  offset: number;
  limit: number;
  /** The scan's direction: the page's own order, or the opposite one when reading from the far end. */
  scan: SortOrder;
}

const opposite = (order: SortOrder): SortOrder => (order === 'asc' ? 'desc' : 'asc');

/**
 * An OFFSET costs as many index entries as it skips, so a page past the middle of the list is read
 * from the other end: no page skips more than half of the list, and the last page is as cheap as
 * the first. The rows come back in scan order; the caller orders them as the page asks.
 */
export function pageWindow(
  total: number,
  page: number,
  size: number,
  order: SortOrder,
): PageWindow {
  const offset = (page - 1) * size;
  const limit = Math.max(0, Math.min(size, total - offset));
  const fromFarEnd = total - offset - limit;
  return fromFarEnd < offset
    ? { offset: fromFarEnd, limit, scan: opposite(order) }
    : { offset, limit, scan: order };
}

export const totalPages = (total: number, size: number) => Math.ceil(total / size);
