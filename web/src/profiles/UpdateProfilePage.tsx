import type { SessionAnswer } from '@kindling/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useAuth } from '../auth/AuthContext.ts';
import { sessionQueryKey } from '../auth/session.ts';
import { FormAlert } from '../forms/FormAlert.tsx';
import { Screen } from '../shell/Screen.tsx';
import { PageSpinner } from '../shell/Spinner.tsx';
import { useTenant } from '../tenant/TenantContext.ts';
import { ProfileForm } from './ProfileForm.tsx';
import { profileQuery } from './profileApi.ts';
import { profileLoadProblem } from './profileProblems.ts';

/**
 * The import panel follows the form's last section (ProfileForm's `after`), so it loads while the
 * first sections render, with the schemas it parses with, instead of before the first paint
 * (docs/decisions/0054).
 */
const ImportPanel = lazy(() =>
  import('./import/ImportPanel.tsx').then((m) => ({ default: m.ImportPanel })),
);

/** Asks for the signed-in member's own profile as the route matches (app/router.tsx). */
export async function prefetchOwnProfile(queryClient: QueryClient): Promise<void> {
  const userId = queryClient.getQueryData<SessionAnswer | null>(sessionQueryKey)?.user.userId;
  if (userId) await queryClient.prefetchQuery(profileQuery(userId));
}

/** SPEC §2 Update profile: loads the member's own profile, then the form. */
export function UpdateProfilePage() {
  const { user } = useAuth();
  const { branding } = useTenant();
  const userId = user?.userId ?? 0;
  const query = useQuery({ ...profileQuery(userId), enabled: userId > 0 });

  if (query.isError) {
    return (
      <Screen title={branding.profileScreen.title}>
        <FormAlert message={[profileLoadProblem(query.error)]} />
      </Screen>
    );
  }
  if (!query.data) return <PageSpinner label="Loading your profile…" />;
  // A new key after a save is not wanted: the form resets itself from the saved answer.
  return (
    <ProfileForm
      key={userId}
      profile={query.data}
      after={
        <Suspense fallback={null}>
          <ImportPanel profile={query.data} />
        </Suspense>
      }
    />
  );
}
