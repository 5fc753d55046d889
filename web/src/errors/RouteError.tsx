import buttons from '../shell/buttons.module.css';
import { StatusScreen } from './StatusScreen.tsx';

/**
 * A screen whose code failed to load or crashed. The usual cause is a new release replacing the
 * files this page was built against, which a reload fixes.
 */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const screen = (
    <StatusScreen
      title="Something went wrong"
      message={<p>This page could not be shown. Reload to try again.</p>}
    >
      <button type="button" className={buttons.primary} onClick={() => window.location.reload()}>
        Reload
      </button>
    </StatusScreen>
  );
  return standalone ? <main id="main">{screen}</main> : screen;
}
