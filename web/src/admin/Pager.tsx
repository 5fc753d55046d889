import buttons from '../shell/buttons.module.css';
import styles from './MemberList.module.css';

interface PagerProps {
  page: number;
  totalPages: number;
  onPage(page: number): void;
}

/** Previous and next around "Page n of m"; nothing when everything fits on one page. */
export function Pager({ page, totalPages, onPage }: PagerProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label="Pages">
      <button
        type="button"
        className={buttons.secondary}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span>
        Page {page} of {totalPages}
      </span>
      <button
        type="button"
        className={buttons.secondary}
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
