import { useLocation, useNavigate } from 'react-router';
import { ArrowLeftIcon } from '../shell/screenIcons.tsx';
import styles from './BackButton.module.css';

/**
 * Goes back where the member came from; on a page opened directly (no history in this app) it
 * goes to `fallback` instead of leaving the app.
 */
export function BackButton({ fallback, label = 'Back' }: { fallback: string; label?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <button
      type="button"
      className={styles.back}
      onClick={() => (location.key === 'default' ? navigate(fallback) : navigate(-1))}
    >
      <ArrowLeftIcon width={18} height={18} />
      {label}
    </button>
  );
}
