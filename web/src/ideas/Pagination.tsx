import { Link, useSearchParams } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon } from './ideaIcons.tsx';
import styles from './Pagination.module.css';
import { pageLinks } from './pageLinks.ts';

/** The URL's parameters with another page, keeping the rest (filters, tenant). */
function searchFor(current: URLSearchParams, page: number): string {
  const next = new URLSearchParams(current);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  const text = next.toString();
  return text ? `?${text}` : '';
}

/** Page links for a list kept in the URL's `page` parameter; nothing when there is one page. */
export function Pagination({ page, totalPages }: { page: number; totalPages: number }) {
  const [search] = useSearchParams();
  if (totalPages <= 1) return null;
  const to = (n: number) => ({ search: searchFor(search, n) });
  return (
    <nav aria-label="Pagination" className={styles.pager}>
      {page > 1 ? (
        <Link className={styles.step} to={to(page - 1)} rel="prev">
          <ChevronLeftIcon width={18} height={18} />
          <span className={styles.stepText}>Previous</span>
        </Link>
      ) : (
        <span className={styles.step} aria-disabled="true">
          <ChevronLeftIcon width={18} height={18} />
          <span className={styles.stepText}>Previous</span>
        </span>
      )}
      <ol className={styles.pages}>
        {pageLinks(page, totalPages).map((n, index) =>
          n === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                className={styles.number}
                to={to(n)}
                aria-label={`Page ${n}`}
                aria-current={n === page ? 'page' : undefined}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < totalPages ? (
        <Link className={styles.step} to={to(page + 1)} rel="next">
          <span className={styles.stepText}>Next</span>
          <ChevronRightIcon width={18} height={18} />
        </Link>
      ) : (
        <span className={styles.step} aria-disabled="true">
          <span className={styles.stepText}>Next</span>
          <ChevronRightIcon width={18} height={18} />
        </span>
      )}
    </nav>
  );
}
