/**
 * The page buttons to show: the first, the last and the current page with its neighbours, with a
 * gap (null) where pages are left out, and never a gap standing for one page. Seven slots at most,
 * so the bar fits a phone.
 */
export function pageNumbers(current: number, total: number): (number | null)[] {
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  if (current <= 4) return [1, 2, 3, 4, 5, null, total];
  if (current >= total - 3) return [1, null, total - 4, total - 3, total - 2, total - 1, total];
  return [1, null, current - 1, current, current + 1, null, total];
}
