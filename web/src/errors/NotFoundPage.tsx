import { Link, useLocation } from 'react-router';
import { paths } from '../app/paths.ts';
import { useAuth } from '../auth/AuthContext.ts';
import buttons from '../shell/buttons.module.css';
import styles from './NotFoundPage.module.css';
import { StatusScreen } from './StatusScreen.tsx';

/** Any unmatched path, signed in or not (CONTRACT §6). */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const { user } = useAuth();

  return (
    <StatusScreen
      eyebrow="404"
      title={
        <>
          Oops! Page not found{' '}
          {/* The path gets a line of its own, so a long one never breaks the sentence. */}
          <span className={styles.path}>- {pathname}</span>
        </>
      }
      message={<p>The page you are looking for does not exist or has moved.</p>}
    >
      {user ? (
        <Link className={buttons.primary} to={paths.dashboard}>
          Go to Dashboard
        </Link>
      ) : (
        <Link className={buttons.primary} to={paths.home}>
          Go to Home
        </Link>
      )}
    </StatusScreen>
  );
}
