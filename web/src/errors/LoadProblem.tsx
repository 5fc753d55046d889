import type { ApiError } from '../api/apiError.ts';
import buttons from '../shell/buttons.module.css';
import { StatusScreen } from './StatusScreen.tsx';

/** A load that failed (network down, server error), with a way to try again. */
export function LoadProblem({ error, onRetry }: { error: ApiError; onRetry(): void }) {
  return (
    <StatusScreen title="We couldn't load this page" message={<p>{error.message}</p>}>
      <button type="button" className={buttons.primary} onClick={onRetry}>
        Try again
      </button>
    </StatusScreen>
  );
}
