import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowLeftIcon, ArrowRightIcon } from '../shell/screenIcons.tsx';
import styles from './Pager.module.css';
import { pageNumbers } from './pageNumbers.ts';
import { pageParam, writeUrl } from './urlState.ts';

const pageOnly = { page: pageParam };

/**
 * Page links under a list whose page is the URL's `page` (kept with every other parameter); the
 * current page is marked for screen readers too. Nothing when everything fits on one page.
 */
export function Pager({ page, totalPages }: { page: number; totalPages: number }) {
  const [search] = useSearchParams();
  if (totalPages <= 1) return null;
  const linkTo = (target: number) => ({
    search: `?${writeUrl(pageOnly, { page: target }, search)}`,
  });
  const edge = (target: number, label: string, icon: ReactNode, enabled: boolean) => {
    const content = (
      <>
        {target < page && icon}
        <span className={styles.stepLabel}>{label}</span>
        {target > page && icon}
      </>
    );
    return enabled ? (
      <Link
        className={styles.step}
        to={linkTo(target)}
        rel={target < page ? 'prev' : 'next'}
        aria-label={`${label} page`}
      >
        {content}
      </Link>
    ) : (
      <span className={styles.step} aria-disabled="true">
        {content}
      </span>
    );
  };

  return (
    <nav className={styles.pagination} aria-label="Pagination">
      {edge(page - 1, 'Previous', <ArrowLeftIcon width={18} height={18} />, page > 1)}
      <ol className={styles.pages}>
        {pageNumbers(page, totalPages).map((number, index) =>
          number === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={number}>
              <Link
                className={styles.page}
                to={linkTo(number)}
                aria-label={`Page ${number}`}
                aria-current={number === page ? 'page' : undefined}
              >
                {number}
              </Link>
            </li>
          ),
        )}
      </ol>
      {edge(page + 1, 'Next', <ArrowRightIcon width={18} height={18} />, page < totalPages)}
    </nav>
  );
}
