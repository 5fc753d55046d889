import { catalogueMessages, ideaMessages } from '@kindling/contract';
import { Link } from 'react-router';
import type { ApiError } from '../api/apiError.ts';
import { paths } from '../app/paths.ts';
import { LoadProblem } from '../errors/LoadProblem.tsx';
import { StatusScreen } from '../errors/StatusScreen.tsx';
import buttons from '../shell/buttons.module.css';

/**
 * An idea that cannot be shown: not there (deleted, another tenant's, a bad id) with the
 * server's message, or a load that failed and may be tried again.
 */
export function IdeaProblemScreen({ error, onRetry }: { error: ApiError | null; onRetry(): void }) {
  if (error && error.code !== 'NOT_FOUND') return <LoadProblem error={error} onRetry={onRetry} />;
  return (
    <StatusScreen
      eyebrow="Idea not found"
      title="This idea isn't here"
      message={<p>{error?.message ?? ideaMessages.notFound}</p>}
    >
      <Link className={buttons.primary} to={paths.dashboard}>
        Browse ideas
      </Link>
    </StatusScreen>
  );
}

/** SPEC §6: only the idea's principal investigator or case manager may edit it. */
export function NotYourIdeaScreen({ ideaId }: { ideaId: number }) {
  return (
    <StatusScreen
      eyebrow="Not allowed"
      title="Only the idea's owners can edit it"
      message={<p>{catalogueMessages.FORBIDDEN}</p>}
    >
      <Link className={buttons.primary} to={paths.idea(ideaId)}>
        View the idea
      </Link>
    </StatusScreen>
  );
}
