import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../app/paths.ts';
import { Screen } from '../shell/Screen.tsx';
import { useTenant } from '../tenant/TenantContext.ts';
import { BackButton } from './BackButton.tsx';
import { IdeaForm } from './IdeaForm.tsx';

const SubmittedDialog = lazy(() =>
  import('./SubmittedDialog.tsx').then((m) => ({ default: m.SubmittedDialog })),
);

/** SPEC §2 idea creation: the form, then the dialog that leads on. */
export function IdeaCreationPage() {
  const { branding } = useTenant();
  const navigate = useNavigate();
  const [postedId, setPostedId] = useState<number | null>(null);
  return (
    <Screen
      title={branding.navLabels.postIdea}
      lead="Share an idea with the university and find the people who can help it grow."
      back={<BackButton fallback={paths.dashboard} />}
    >
      <IdeaForm onSaved={setPostedId} onCancel={() => navigate(paths.dashboard)} />
      {postedId !== null && (
        <Suspense fallback={null}>
          <SubmittedDialog ideaId={postedId} edited={false} />
        </Suspense>
      )}
    </Screen>
  );
}
