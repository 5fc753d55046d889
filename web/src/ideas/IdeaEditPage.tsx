import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../app/paths.ts';
import { useAuth } from '../auth/AuthContext.ts';
import { Screen } from '../shell/Screen.tsx';
import { BackButton } from './BackButton.tsx';
import { IdeaForm } from './IdeaForm.tsx';
import { IdeaPageSkeleton } from './IdeaPageSkeleton.tsx';
import { IdeaProblemScreen, NotYourIdeaScreen } from './IdeaProblemScreen.tsx';
import { leads } from './ideaOwnership.ts';
import { useIdea, useIdeaId } from './useIdea.ts';

const SubmittedDialog = lazy(() =>
  import('./SubmittedDialog.tsx').then((m) => ({ default: m.SubmittedDialog })),
);

/** SPEC §2 idea edit: the posting form filled with the idea, for its owners only. */
export function IdeaEditPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const id = useIdeaId();
  const idea = useIdea(id);
  const [savedId, setSavedId] = useState<number | null>(null);

  if (id === null || idea.isError) {
    return <IdeaProblemScreen error={idea.error} onRetry={() => void idea.refetch()} />;
  }
  if (!idea.data) return <IdeaPageSkeleton />;
  if (!leads(idea.data, user?.userId)) return <NotYourIdeaScreen ideaId={id} />;

  return (
    <Screen
      title="Edit Your Idea"
      lead="Keep it current: changes show to everyone as soon as you save."
      back={<BackButton fallback={paths.idea(id)} />}
    >
      <IdeaForm idea={idea.data} onSaved={setSavedId} onCancel={() => navigate(paths.idea(id))} />
      {savedId !== null && (
        <Suspense fallback={null}>
          <SubmittedDialog ideaId={savedId} edited />
        </Suspense>
      )}
    </Screen>
  );
}
