/** The page numbers a pager shows: first, last, and two either side of the current page. */
export function pageLinks(page: number, totalPages: number): (number | 'gap')[] {
  const shown = new Set([1, totalPages]);
  for (let n = page - 2; n <= page + 2; n++) if (n >= 1 && n <= totalPages) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const links: (number | 'gap')[] = [];
  for (const [index, n] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous > 1) links.push(n - previous === 2 ? n - 1 : 'gap');
    links.push(n);
  }
  return links;
}
